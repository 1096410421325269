const path = require('node:path');
module.exports = require('../../jest.preset')(__dirname, {
  displayName: 'deploy',
  testMatch: ['<rootDir>/*.spec.ts'],
  rootDir: __dirname,
  roots: [__dirname],
  moduleDirectories: ['node_modules', path.join(__dirname, '../../node_modules')],
});
