import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import webRules from './apps/web/eslint.rules.mjs';

// @nx/enforce-module-boundaries only reads the project graph Nx has cached, and without one
// (a fresh clone) it skips itself with a warning. Computing the graph whenever the config is
// loaded makes the rule bite in every ESLint run: the CLI, npm test, CI and editors.
function computeProjectGraph() {
  const nxBin = createRequire(import.meta.url).resolve('nx/bin/nx.js');
  const result = spawnSync(process.execPath, [nxBin, 'show', 'projects'], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0) {
    throw new Error(`Nx could not compute the project graph the module-boundary rule needs:\n${result.stderr || result.error}`);
  }
}
computeProjectGraph();

export default [
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.nx/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  ...nx.configs['flat/base'],
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // Apps meet only through libs: no app imports another app, no lib imports an app, and the
      // web app takes no server lib; only the suites in tests/ import apps. Nx reads the imports (analyzeSourceFiles in nx.json), so a
      // cycle between projects fails here too.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared', 'scope:web'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
            // The suites in tests/ drive the apps from outside: they may reach any project, and none reaches them.
            { sourceTag: 'type:test', onlyDependOnLibsWithTags: ['type:app', 'type:lib', 'type:test'] },
            { sourceTag: 'scope:test', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server', 'scope:web', 'scope:test'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  ...webRules,
];
