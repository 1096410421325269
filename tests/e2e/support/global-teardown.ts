import { dropDatabase } from '@app/server';
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { STACK_INFO_FILE } from './stack-info';

const SERVICE_DATABASES = ['auth', 'chat', 'marketplace', 'media'];

export interface E2eState {
  nats: { process: ChildProcess; dir: string };
  redis: { process: ChildProcess };
  postgresUrl: string;
  dbPrefix: string;
  workDir: string;
  stack?: { stop(): Promise<void> };
  previewSite?: { close(): Promise<void> };
  oidcProvider?: { stop(): Promise<void> };
}

/** Stops what global setup started and drops this run's databases. */
export default async function globalTeardown() {
  const state = (globalThis as { __E2E__?: E2eState }).__E2E__;
  if (!state) return;
  (globalThis as { __E2E__?: E2eState }).__E2E__ = undefined;
  await state.stack?.stop();
  await state.previewSite?.close();
  await state.oidcProvider?.stop();
  state.nats.process.kill('SIGKILL');
  state.redis.process.kill('SIGKILL');
  await Promise.all(
    SERVICE_DATABASES.map((name) => dropDatabase(`${state.postgresUrl}/${state.dbPrefix}${name}`).catch(() => undefined)),
  );
  rmSync(state.nats.dir, { recursive: true, force: true });
  if (!process.env.E2E_KEEP_LOGS) rmSync(state.workDir, { recursive: true, force: true });
  rmSync(STACK_INFO_FILE, { force: true });
}
