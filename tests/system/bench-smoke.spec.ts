import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** Runs scripts/bench.mjs with its arguments and answers its exit code and everything it printed. */
async function bench(...args: string[]): Promise<{ code: number | null; text: string }> {
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/bench.mjs'), '--smoke', ...args], { cwd: ROOT, env: process.env });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', resolve);
  });
  return { code, text: output.join('') };
}

/** The load generator itself works: a few seconds against the system and the peers, nothing lost. */
describe('load benchmark, smoke run', () => {
  it('drives clients through the chat system and the bare ws server and loses no message', async () => {
    const { code, text } = await bench();
    expect({ code, text }).toEqual({ code: 0, text: expect.stringContaining('lost 0, out of order 0') });
    expect(text).toMatch(/\| chat system \| 20 \| (\d+) \/ \1 \| 0 \| 0 \|/);
    expect(text).toMatch(/\| bare ws \| 20 \| (\d+) \/ \1 \| 0 \| 0 \|/);
  });

  it('climbs the send rate on the chat system, the bare ws server and the Socket.IO peer, and in private chats', async () => {
    const { code, text } = await bench('--saturation');
    expect({ code, text }).toEqual({ code: 0, text: expect.stringContaining('lost 0, out of order 0') });
    for (const server of ['chat system', 'bare ws', 'Socket\\.IO peer']) expect(text).toMatch(new RegExp(`^\\| ${server} \\| `, 'm'));
    // The first step (4 messages/s in) reached the other 19 members on every server.
    expect(text).toMatch(/^\| 4 \| [1-9]\d*, [\d.]+, [\d.]+( ✗)? \| [1-9]\d*, [\d.]+, [\d.]+( ✗)? \| [1-9]\d*, [\d.]+, [\d.]+( ✗)? \|$/m);
    // Each of the chat system's processes, and the clients, said how long their event loops stalled in that step.
    expect(text).toMatch(/^\| 4 \|( [\d.]+ \|){3,}$/m);
    expect(text).toMatch(/^\| gateway \| [\d.]+ \| [\d.]+ \| [\d.]+ \|$/m);
    // Four private rooms started through the API, both people sending (16 messages/s in): each reached the other.
    expect(text).toContain('#### smoke: 4 private chats, both people sending');
    expect(text).toMatch(/^\| 16 \| [1-9]\d*, [\d.]+, [\d.]+( ✗)? \|$/m);
  });

  it('restarts a gateway under signed-in sockets and every one resumes without a gap', async () => {
    const { code, text } = await bench('--connections');
    expect({ code, text }).toEqual({ code: 0, text: expect.stringContaining('lost 0, out of order 0') });
    expect(text).toContain('| live message to every room: sockets that did not get it | 0 |');
    expect(text).toContain('| messages lost (gaps) / repeated | 0 / 0 |');
    expect(text).toMatch(/\| restart: every socket back in its room with the message sent while it was down \| [\d.]+ s /);
  });
});
