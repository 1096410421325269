/** Component tests: jsdom with Node's fetch, so RTK Query talks real HTTP to a test server. */
const path = require('node:path');

module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/jest.environment.js',
  testEnvironmentOptions: { url: 'http://localhost/' },
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
    // The router ships only as ES modules, which Jest's CommonJS runtime cannot load as they are.
    '/node_modules/wouter/.+\\.js$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
    // The catalogues compiled as the build compiles them.
    '/src/i18n/catalogues/.+\\.json$': '<rootDir>/scripts/compile-catalogue.cjs',
  },
  transformIgnorePatterns: ['/node_modules/(?!wouter/)'],
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@app/contracts$': path.join(__dirname, '../../libs/contracts/src/index.ts'),
    '^@app/contracts/browser$': path.join(__dirname, '../../libs/contracts/src/browser.ts'),
    // Vite builds this module from emojibase's data; tests compute the same from the same data.
    '^virtual:emoji-groups$': '<rootDir>/src/test/emoji-groups.ts',
    // Vite bundles the proof-of-work worker; jsdom has no Workers, so the same search runs in-process.
    '^\\./pow\\.worker\\?worker$': '<rootDir>/src/test/pow-worker.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.tsx', '<rootDir>/src/**/*.test.ts'],
  globals: {
    __APP_CONFIG__: {
      whatsappNumber: '15550100100',
      randomChatUrl: 'https://random-chat.example',
      supportEmail: 'support@example.com',
      safetyEmail: 'safety@example.com',
      socialLinks: { twitter: 'https://x.com', instagram: 'https://www.instagram.com', facebook: 'https://www.facebook.com' },
    },
  },
  testTimeout: 30000,
};
