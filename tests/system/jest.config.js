/** System tests: every app started as its own process from the built dist, one file at a time. */
module.exports = require('../../jest.preset')(__dirname, {
  displayName: 'system',
  rootDir: __dirname,
  roots: [__dirname],
  testMatch: ['<rootDir>/*.spec.ts'],
  testTimeout: 180_000,
  maxWorkers: 1,
});
