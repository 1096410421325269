/** The gateway with the services it talks to, in one process, against real PostgreSQL, Redis, NATS and S3. */
module.exports = require('../../jest.preset')(__dirname, {
  displayName: 'api',
  testMatch: ['<rootDir>/*.int-spec.ts'],
});
