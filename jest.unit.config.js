/**
 * The fast tier (`npm run test:unit`): every app's and lib's unit tests and the web app's
 * component tests. Nothing here reaches PostgreSQL, Redis, NATS or S3, so it needs no
 * preparation and runs in under a minute; the integration tests (`test/*.int-spec.ts`,
 * tests/api) stay in jest.config.js, which `npm test` runs.
 */
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

const configs = ['apps', 'libs'].flatMap((group) =>
  readdirSync(path.join(__dirname, group))
    .map((name) => path.join(__dirname, group, name, 'jest.config.js'))
    .filter((file) => existsSync(file)),
);

const unitOnly = (file) => {
  const config = require(file);
  // The web app's tests are all component tests (a local HTTP test server, no infrastructure);
  // they too keep what V8 compiled across a worker's files (jest.runtime.js).
  return config.displayName === 'web'
    ? { runtime: path.join(__dirname, 'jest.runtime.js'), ...config }
    : { ...config, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
};

module.exports = {
  projects: configs.map(unitOnly),
  // Jest's default is one worker fewer than the cores, which on two cores runs every file in
  // one process after another: the files are independent, so every core takes some.
  maxWorkers: '100%',
  // A global option, ignored inside projects (each project's testTimeout is dropped here): the
  // component tests wait on a local HTTP server and need the time their config gives them.
  testTimeout: 30000,
};
