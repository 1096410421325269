import 'reflect-metadata';
import { REDIS, Metrics } from '@app/server';
import { eventually } from '@app/testing';
import type { Redis } from 'ioredis';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { claimKeyOf } from '../src/link-previews/link-preview-cache';
import { LinkPreviewsService } from '../src/link-previews/link-previews.service';
import { startChatHarness, type ChatHarness } from './chat-harness';

/**
 * A site on loopback whose pages answer only when the test lets them: a fetch stays under way
 * for as long as the test needs to see what the other replica does meanwhile.
 */
async function startHeldSite() {
  const asked: string[] = [];
  const held: Array<{ path: string; res: ServerResponse }> = [];
  const server: Server = createServer((req, res) => {
    asked.push(req.url ?? '');
    held.push({ path: req.url ?? '', res });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    /** Answers every request held so far with a page titled after its path. */
    answerAll() {
      for (const { path, res } of held.splice(0)) {
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head><title>Page ${path}</title></head><body></body></html>`);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const waited = async () => (await Metrics.linkPreviews.get()).values.find((v) => v.labels.outcome === 'waited')?.value ?? 0;

describe('link previews across replicas', () => {
  let h: ChatHarness;
  let site: Awaited<ReturnType<typeof startHeldSite>>;
  let replicas: LinkPreviewsService[];

  beforeAll(async () => {
    site = await startHeldSite();
    process.env.LINK_PREVIEW_PRIVATE_ORIGINS = site.origin;
    h = await startChatHarness({ replicas: 2 });
    replicas = h.apps.map((app) => app.get(LinkPreviewsService));
  }, 60_000);

  afterAll(async () => {
    delete process.env.LINK_PREVIEW_PRIVATE_ORIGINS;
    site?.answerAll();
    await h?.stop();
    await site?.close();
  });

  it('fetch a link once when two replicas want it at the same moment: the second waits for the first’s answer', async () => {
    const link = `${site.origin}/together`;
    const before = await waited();
    const [first, second] = [replicas[0].previewOf(link), replicas[1].previewOf(link)];
    // One replica is fetching and the other waits for it; only then does the page answer.
    await eventually(async () => {
      expect(site.asked).toEqual(['/together']);
      expect(await waited()).toBe(before + 1);
    });
    site.answerAll();
    const expected = { url: link, siteName: new URL(site.origin).host, title: 'Page /together', description: null, image: null };
    expect(await first).toEqual(expected);
    expect(await second).toEqual(expected);
    expect(site.asked).toEqual(['/together']);
  });

  it('fetch it after all when the replica holding the link stops without an answer', async () => {
    const link = `${site.origin}/orphaned`;
    const redis = h.apps[0].get<Redis>(REDIS);
    // Another replica claimed the link and died before answering.
    await redis.set(claimKeyOf(link), 'a replica that stopped', 'PX', 60_000);
    const before = await waited();
    const preview = replicas[1].previewOf(link);
    await eventually(async () => expect(await waited()).toBe(before + 1));
    expect(site.asked).not.toContain('/orphaned');

    // Its claim ends (as it would when its time is up): the waiting replica fetches the page itself.
    await redis.del(claimKeyOf(link));
    await eventually(() => expect(site.asked).toContain('/orphaned'));
    site.answerAll();
    expect((await preview)?.title).toBe('Page /orphaned');
    expect(site.asked.filter((path) => path === '/orphaned')).toHaveLength(1);
    // Its claim is given back once it is done.
    expect(await redis.exists(claimKeyOf(link))).toBe(0);
  });
});
