/** Browser tests: Chromium against the whole system started once for the run. */
const path = require('node:path');
const ROOT = path.join(__dirname, '../..');

module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(ROOT, 'tsconfig.jest.json') }],
  },
  moduleNameMapper: {
    '^@app/(contracts|server|testing)$': path.join(ROOT, 'libs/$1/src/index.ts'),
  },
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 120_000,
};
