import 'reflect-metadata';
import { eventually } from '@app/testing';
import sharp from 'sharp';
import { register, type Session } from './support/accounts';
import { read, slowUpload, upload, type HttpAnswer, type SlowUpload } from './support/media-client';
import { startSystemStack, type SystemStack } from './support/system-stack';

/** Lower limits than the defaults, so that a few dozen uploads reach every one of them. */
const LIMITS = {
  MEDIA_UPLOADS_PER_USER: '2',
  MEDIA_UPLOADS_PER_ADDRESS: '3',
  MEDIA_UPLOAD_SOCKETS: '4',
  MEDIA_UPLOAD_MIN_BYTES_PER_SECOND: '1024',
  MEDIA_UPLOAD_RATE_WINDOW_MS: '8000',
  // Until the fourth trickle holds its connection, the probe below is stored (201) and tried
  // again: on a busy machine that can be 20 tries, which is the per-minute quota's business, not this test's.
  MEDIA_UPLOADS_PER_MINUTE: '1000',
};
/** What the people who are not trickling may wait for an image or an upload. */
const PROMPT_MS = 1000;
/** The trickle: a byte every 4 s, as the attack sent it. */
const BYTE_EVERY_MS = 4000;

const png = () => sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 20, g: 120, b: 220 } } }).png().toBuffer();

describe('uploads trickled in slowly, with every app its own process', () => {
  let sys: SystemStack;
  let gateway: string;
  let owner: Session;
  let imageUrl: string;
  const trickling: SlowUpload[] = [];

  beforeAll(async () => {
    sys = await startSystemStack({ gateways: 1, chatReplicas: 1, env: LIMITS });
    gateway = sys.gateways[0];
    owner = await register(gateway, 'owner');
    const stored = await upload(gateway, owner, { name: 'sky.png', type: 'image/png', data: await png() });
    expect(stored.status).toBe(201);
    imageUrl = stored.body.url;
  });

  afterAll(async () => {
    for (const upload of trickling) upload.abort();
    await sys?.stop();
  });

  const trickle = (session: Session, from: string) => {
    const slow = slowUpload(gateway, session, { from, byteEveryMs: BYTE_EVERY_MS });
    slow.answer.catch(() => undefined); // an aborted one at cleanup
    trickling.push(slow);
    return slow;
  };
  /** Answers that have come, once `count` of them have. */
  const answered = (uploads: SlowUpload[], count: number) =>
    eventually(
      async () => {
        expect(uploads.filter((u) => u.answered)).toHaveLength(count);
        return Promise.all(uploads.filter((u) => u.answered).map((u) => u.answer));
      },
      { timeoutMs: 10_000 },
    );
  const expectPrompt = (answer: HttpAnswer, status: number) => expect({ status: answer.status, prompt: answer.ms < PROMPT_MS }).toEqual({ status, prompt: true });

  it("keeps serving images and other people's uploads while one member holds 40 slow uploads open", async () => {
    const [slowMember, other, fromElsewhere] = await Promise.all(['slow', 'other', 'away'].map((name) => register(gateway, name)));
    const uploads = Array.from({ length: 40 }, () => trickle(slowMember, '127.0.0.2'));

    // All but the member's two allowed uploads are refused at once, saying why and when to retry.
    const refused = await answered(uploads, 38);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ code: 'too_many_uploads', message: 'You already have uploads in progress. Please wait until they finish.' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const held = uploads.filter((u) => !u.answered);

    const reads = [];
    for (let i = 0; i < 5; i++) reads.push(await read(gateway, imageUrl));
    reads.push(...(await Promise.all(Array.from({ length: 10 }, () => read(gateway, imageUrl)))));
    reads.forEach((answer) => expectPrompt(answer, 200));
    expectPrompt(await upload(gateway, other, { name: 'a.png', type: 'image/png', data: await png() }), 201);
    expectPrompt(await upload(gateway, fromElsewhere, { name: 'b.png', type: 'image/png', data: await png() }, { from: '127.0.0.3' }), 201);
    // All of that happened while the slow member's uploads were open.
    expect(held.filter((u) => u.answered)).toHaveLength(0);

    // A body far below the minimum rate is cut off with a clear status, not left to run.
    for (const answer of await Promise.all(held.map((u) => u.answer))) {
      expect(answer.status).toBe(408);
      expect(answer.body).toMatchObject({
        code: 'upload_too_slow',
        message: 'The upload was too slow and has been stopped. Please check your connection and try again.',
      });
      expect(answer.ms).toBeLessThan(20_000);
    }
  });

  it('caps uploads per address, and images never wait behind uploads even when every upload connection is taken', async () => {
    const [first, second, third, other] = await Promise.all(['first', 'second', 'third', 'other'].map((name) => register(gateway, name)));
    // Two members behind one address: three uploads in progress at most, whoever starts them.
    const shared = [trickle(first, '127.0.0.4'), trickle(first, '127.0.0.4'), trickle(second, '127.0.0.4'), trickle(second, '127.0.0.4')];
    const [refused] = await answered(shared, 1);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'too_many_uploads', message: 'Too many uploads from your network are in progress. Please try again shortly.' });

    // The fourth upload connection of the gateway.
    let last = trickle(third, '127.0.0.5');
    await eventually(async () => {
      // A probe that reached the gateway before `last` took the fourth slot had it refused (503): start it again.
      if (last.answered) last = trickle(third, '127.0.0.5');
      const busy = await upload(gateway, other, { name: 'c.png', type: 'image/png', data: await png() });
      expectPrompt(busy, 503);
      expect(busy.body).toMatchObject({ code: 'uploads_busy', message: 'Too many uploads are being processed right now. Please try again in a moment.' });
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    }, { timeoutMs: 10_000, intervalMs: 200 });
    const reads = await Promise.all(Array.from({ length: 10 }, () => read(gateway, imageUrl)));
    reads.forEach((answer) => expectPrompt(answer, 200));
    // All of that happened while the four were open.
    expect([...shared, last].filter((u) => !u.answered)).toHaveLength(4);

    const cut = await Promise.all([...shared, last].map((u) => u.answer));
    expect(cut.map((answer) => answer.status).sort()).toEqual([408, 408, 408, 408, 429]);
    // Their connections are free again.
    expectPrompt(await upload(gateway, other, { name: 'd.png', type: 'image/png', data: await png() }), 201);
  });
});
