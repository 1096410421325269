// Lint rules that apply to the web app alone; the root eslint.config.mjs spreads them in.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('./src/', import.meta.url));

/** Shared code: it serves features and the app and knows neither. */
const SHARED = new Set(['components', 'lib', 'config', 'hooks', 'i18n']);

/**
 * What a feature offers the other features, by path inside it; everything else in a feature is
 * its own. A new entry is a decision about the feature's surface, so it is made here, on purpose.
 */
const EXPOSED = {
  auth: [
    'api/auth-api', // the signed-in user, their settings and sign-up for guests
    'hooks/use-current-user',
    'hooks/use-logout',
    'hooks/use-captcha', // the chat's guest gate signs a guest up in place
    'hooks/use-username-availability',
    'components/captcha-field',
    'api/oidc-api', // Settings lists the sign-in providers configured, to link them
    'components/provider-sign-in', // and shows each with its mark
  ],
  calls: ['components/call-buttons'], // a private chat with a seller offers calls
  chat: ['api/chat-api', 'outbox/outbox-store'], // the landing page's recent messages and stats; signing out forgets unsent messages
  marketplace: [
    'api/marketplace-api',
    'types',
    'components/category-badge',
    'components/status-badge', // a private chat with an expert shows their status
    'components/seller-reviews', // the buyer is offered the review form after a call
  ],
  media: ['api/upload-chat-image', 'api/upload-voice-note', 'api/upload-request', 'upload-rules', 'components/avatar-upload', 'components/upload-progress'], // the composer's images and voice notes
  notifications: ['seller-alert', 'hooks/use-unread-notifications'], // the alert tones and permission; the private chat list's unread counts
  push: ['hooks/use-push-device', 'push-device'], // a seller is offered call alerts on this device after a call; signing out unsubscribes it
  moderation: [
    'components/report-dialog', // a Report action wherever a message, person, room or seller profile is shown
    'report-copy',
    'api/reports-api', // the composer turns read-only while its writer is muted
    'components/action-dialog', // moderators delete a public room from its menu
  ],
  safety: ['hooks/use-block-toggle', 'safety-copy', 'components/block-button'], // Block and Unblock wherever a person is shown; a seller profile's Block
  vip: ['vip-slice', 'vip-copy', 'components/vip-grant-panel'], // any screen may offer the upgrade; moderators grant VIP from a person's record
};

/** From src/app, features take only the store's typed hooks and types; the app composes features. */
const APP_FOR_FEATURES = new Set(['hooks', 'store']);

/** 'features/chat/components/x' -> { zone: 'features/chat', feature: 'chat', rest: 'components/x' }; null outside src. */
function placeOf(path) {
  const inSrc = relative(SRC, path);
  if (inSrc.startsWith('..')) return null;
  const parts = inSrc.split(sep);
  if (parts[0] === 'features' && parts.length > 2) {
    return { zone: `features/${parts[1]}`, feature: parts[1], rest: parts.slice(2).join('/').replace(/\.tsx?$/, '') };
  }
  return { zone: parts[0].replace(/\.tsx?$/, ''), feature: null, rest: parts.slice(1).join('/').replace(/\.tsx?$/, '') };
}

function problemWith(from, to) {
  if (!from || !to || from.zone === to.zone) return null;
  if (SHARED.has(from.zone) && (to.feature || to.zone === 'app')) {
    return `Shared code (src/${from.zone}) must not import from src/${to.zone}: let the app or the feature that uses it pass it in.`;
  }
  if (from.feature && to.feature && !(EXPOSED[to.feature] ?? []).includes(to.rest)) {
    return `features/${from.feature} may use features/${to.feature} only through what it exposes (EXPOSED in apps/web/eslint.rules.mjs); '${to.rest}' is its own.`;
  }
  if (from.feature && to.zone === 'app' && !APP_FOR_FEATURES.has(to.rest)) {
    return `Features take only app/hooks and app/store from src/app; the app composes features, not the other way round.`;
  }
  return null;
}

/** The file an import names, from the app's root ('@/lib/api') or relatively; null for a package. */
function resolvedImport(filename, source) {
  if (source.startsWith('@/')) return resolve(SRC, source.slice(2));
  if (source.startsWith('.')) return resolve(dirname(filename), source);
  return null;
}

/** bulletproof-react's one-way imports: shared -> features -> app, features apart from each other. */
const zonesRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'One-way imports between shared code, features and the app' } },
  create(context) {
    const from = placeOf(context.filename);
    const check = (node, source) => {
      const target = source && typeof source.value === 'string' ? resolvedImport(context.filename, source.value) : null;
      if (!target) return;
      const message = problemWith(from, placeOf(target));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default [
  {
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      // The contracts' entry carries class-validator and the DTO classes: the browser takes its types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@app/contracts',
              allowTypeImports: true,
              message: 'The web app imports only types from @app/contracts; values come from @app/contracts/browser.',
            },
          ],
          patterns: [
            {
              group: ['@app/contracts/*', '!@app/contracts/browser'],
              message: 'Import the contracts by their alias root: types from @app/contracts, values from @app/contracts/browser.',
            },
            {
              regex: '^\\.\\./\\.\\./',
              message: "Import the app's own code from its root ('@/features/chat/...' is src/features/chat/...), not by climbing two folders or more.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    // Tests and their helpers stand in for the app: they assemble features as the app does.
    ignores: ['apps/web/src/**/__tests__/**', 'apps/web/src/test/**'],
    plugins: { web: { rules: { zones: zonesRule } } },
    rules: { 'web/zones': 'error' },
  },
];
