/** Shared jest settings for the Node apps and libs: ts-jest, path aliases to sources. */
const path = require('node:path');

const ESM_ONLY = '/node_modules/(openid-client|oauth4webapi|jose)/.+\\.js$';

module.exports = (dir, overrides = {}) => ({
  rootDir: dir,
  testEnvironment: 'node',
  // Jest's runtime, keeping what V8 compiled across a worker's test files (see jest.runtime.js).
  runtime: path.join(__dirname, 'jest.runtime.js'),
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
    // openid-client and what it is built on ship only as ES modules, which Jest's CommonJS runtime cannot load as they are.
    [ESM_ONLY]: ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
  moduleNameMapper: {
    '^@app/(contracts|server|testing)$': path.join(__dirname, 'libs/$1/src/index.ts'),
    '^@app/testing/fakes$': path.join(__dirname, 'libs/testing/src/fakes.ts'),
    '^@app/testing/zip$': path.join(__dirname, 'libs/testing/src/zip.ts'),
  },
  // *.spec.ts: unit tests, no infrastructure (the fast tier, jest.unit.config.js); *.int-spec.ts: against real servers.
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  testTimeout: 30000,
  ...overrides,
});
