import { freePort, startNatsServer, startOidcProvider, startRedisServer } from '@app/testing';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import globalTeardown, { type E2eState } from './global-teardown';
import { startPreviewSite } from './preview-site';
import { STACK_INFO_FILE, type StackInfo } from './stack-info';

// scripts/ is plain CommonJS shared with `npm start`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStack } = require('../../../scripts/lib/stack.js');

const ROOT = join(__dirname, '../../..');

/**
 * Starts every service and a gateway serving the built SPA, on private NATS and Redis and
 * databases named for this run only, so browser tests never meet the demo data.
 */
export default async function globalSetup() {
  const webDist = join(ROOT, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: build the web app first (npm run build --workspace apps/web)');
  }
  const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432';
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const workDir = mkdtempSync(join(tmpdir(), 'e2e-stack-'));
  const logDir = join(workDir, 'logs');
  const [nats, redis] = await Promise.all([startNatsServer(), startRedisServer()]);
  const state: E2eState = { nats, redis, postgresUrl, dbPrefix: `e2e_${runId}_`, workDir };
  (globalThis as { __E2E__?: E2eState }).__E2E__ = state;

  try {
    const gatewayPort = await freePort();
    const mediaPort = await freePort();
    // The site messages link to; only its origin is let through to loopback (a test-only allow-list).
    const previewSite = await startPreviewSite();
    state.previewSite = previewSite;
    // The sign-in screen offers this stand-in provider, as it would Google (OIDC_PROVIDERS).
    const oidcProvider = await startOidcProvider();
    state.oidcProvider = oidcProvider;
    const stack = await startStack({
      natsUrl: nats.url,
      redisUrl: redis.url,
      postgresUrl,
      dbPrefix: state.dbPrefix,
      mediaPort,
      gatewayPorts: [gatewayPort],
      seed: true,
      webDist,
      logDir,
      s3Dir: join(workDir, 's3'),
      mailPorts: { smtp: 0, web: 0 },
      logLevel: 'warn',
      echo: 'none',
      // Every browser of every test connects from loopback: one address asking every captcha question.
      // Every test signs in the same demo accounts, which together open more rooms and chats than one person a day.
      // And every test's new members sign up from that one address too, and every sign-in form offers passkeys.
      env: {
        SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
        CAPTCHAS_PER_ADDRESS_PER_MINUTE: '100000',
        PASSKEY_SIGN_INS_PER_ADDRESS_PER_MINUTE: '100000',
        PUBLIC_ROOMS_PER_USER_PER_DAY: '100000',
        PRIVATE_CHATS_PER_USER_PER_HOUR: '100000',
        LINK_PREVIEW_PRIVATE_ORIGINS: previewSite.origin,
        ...oidcProvider.env('local', 'Local provider'),
      },
    });
    state.stack = stack;
    const info: StackInfo = {
      baseUrl: `http://localhost:${gatewayPort}`,
      mailUrl: stack.mail.webUrl,
      previewSiteUrl: previewSite.origin,
      logDir,
      infra: { natsUrl: nats.url, redisUrl: redis.url, postgresUrl, dbPrefix: state.dbPrefix, mediaPort, webDist },
    };
    writeFileSync(STACK_INFO_FILE, JSON.stringify(info));
    process.env.E2E_STACK_INFO = STACK_INFO_FILE;
  } catch (error) {
    const logs = recentLogs(logDir);
    await globalTeardown();
    throw new Error(`The system did not start for the browser tests: ${(error as Error).message}\n${logs}`);
  }
}

/** The last lines each process wrote, to explain a start that failed. */
function recentLogs(dir: string): string {
  if (!existsSync(dir)) return '';
  return readdirSync(dir)
    .map((file) => `--- ${file}\n${readFileSync(join(dir, file), 'utf8').split('\n').slice(-15).join('\n')}`)
    .join('\n');
}
