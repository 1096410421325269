/** Unit and service-integration tests of every app and lib. System and browser tests have their own configs. */
module.exports = {
  // A global option (ignored inside projects): integration tests start services and databases.
  testTimeout: 30000,
  projects: ['<rootDir>/apps/*/jest.config.js', '<rootDir>/libs/*/jest.config.js', '<rootDir>/tests/api/jest.config.js', '<rootDir>/tests/deploy/jest.config.js'],
};
