import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where global setup tells the test files how to reach the stack it started. */
export const STACK_INFO_FILE = join(tmpdir(), `e2e-stack-${process.ppid}-${process.pid}.json`);

export interface StackInfo {
  baseUrl: string;
  /** The mail catcher's inbox (GET /email lists what the system sent). */
  mailUrl: string;
  /** A site on loopback that link previews may fetch: /story/<slug> pages with Open Graph tags and pictures. */
  previewSiteUrl: string;
  logDir: string;
  /** What a test needs to start one more process of this stack (a second gateway). */
  infra: { natsUrl: string; redisUrl: string; postgresUrl: string; dbPrefix: string; mediaPort: number; webDist: string };
}

export function stackInfo(): StackInfo {
  const file = process.env.E2E_STACK_INFO;
  if (!file) throw new Error('E2E_STACK_INFO is not set: run the browser tests with tests/e2e/jest.config.js');
  return JSON.parse(readFileSync(file, 'utf8')) as StackInfo;
}
