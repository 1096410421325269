import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface StandInOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The variables that configure it in auth-svc as the provider `id`, named `name`. */
  env(id?: string, name?: string): Record<string, string>;
  stop(): Promise<void>;
}

const SCRIPT = join(__dirname, '../oidc/stand-in-provider.mjs');
const CLIENT_ID = 'chatmarket-local';
const CLIENT_SECRET = 'stand-in-client-secret-for-tests-only';

/**
 * The stand-in OpenID Connect provider (oidc-provider, in a process of its own: it is an ES
 * module) on a free loopback port. Its sign-in page asks who to be; see stand-in-provider.mjs.
 */
export async function startOidcProvider(): Promise<StandInOidcProvider> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, OIDC_STAND_IN_PORT: '0', OIDC_STAND_IN_CLIENT_ID: CLIENT_ID, OIDC_STAND_IN_CLIENT_SECRET: CLIENT_SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error(`the stand-in provider did not start: ${stderr.join('')}`)), 15_000);
    lines.on('line', (line) => {
      const started = /^oidc stand-in listening (\S+)$/.exec(line);
      if (!started) return;
      clearTimeout(timer);
      resolve(started[1]);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the stand-in provider exited (${code}): ${stderr.join('')}`));
    });
  });
  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    env: (id = 'local', name = 'Local provider') => {
      const prefix = `OIDC_${id.toUpperCase()}_`;
      return {
        OIDC_PROVIDERS: id,
        [`${prefix}ISSUER`]: issuer,
        [`${prefix}CLIENT_ID`]: CLIENT_ID,
        [`${prefix}CLIENT_SECRET`]: CLIENT_SECRET,
        [`${prefix}NAME`]: name,
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
