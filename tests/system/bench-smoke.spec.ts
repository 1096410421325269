import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** The load generator itself works: a few seconds against the system and the baseline, nothing lost. */
describe('load benchmark, smoke run', () => {
  it('drives clients through the chat system and the bare ws server and loses no message', async () => {
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'scripts/bench.mjs'), '--smoke'], { cwd: ROOT, env: process.env });
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.on('exit', resolve);
    });
    const text = output.join('');
    expect({ code, text }).toEqual({ code: 0, text: expect.stringContaining('lost 0, out of order 0') });
    expect(text).toMatch(/\| chat system \| 20 \| (\d+) \/ \1 \| 0 \| 0 \|/);
    expect(text).toMatch(/\| bare ws \| 20 \| (\d+) \/ \1 \| 0 \| 0 \|/);
  });
});
