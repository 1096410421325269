/* eslint-disable @typescript-eslint/no-explicit-any -- the zip's JSON files are read loosely and the assertions check their shape */
import 'reflect-metadata';
import { DATA_EXPORT_PAGE_SIZE, DataExportMessages, type DataExportStatusDto } from '@app/contracts';
import { eventually, linkIn, uniqueName, unzip } from '@app/testing';
import type { Client } from 'pg';
import sharp from 'sharp';
import { DataExportsService } from '@app/media-svc/src/exports/data-exports.service';
import { ObjectStorage } from '@app/media-svc/src/storage/object-storage.repository';
import { ApiClient, signedUpMember, type Member } from './auth-stack';
import { uploadAvatar } from './support/avatar-upload';
import { startProductStack, type ProductStack } from './support/product-stack';
import { enterRoom } from './support/room-socket';

jest.setTimeout(90_000);

const READY_SUBJECT = /Your data is ready to download/;

let stack: ProductStack;
let media: Client;
let chat: Client;
let marketplace: Client;

beforeAll(async () => {
  stack = await startProductStack({}, { media: true });
  [media, chat, marketplace] = await stack.databases('media', 'chat', 'marketplace');
}, 90_000);

afterAll(async () => {
  await stack?.stop();
});

/** A paid call of `buyerId` to a seller, ended, and the review they wrote of that seller. */
async function callAndReview(buyerId: number, buyerName: string) {
  const sellerUserId = 900_000 + Math.floor(Math.random() * 90_000);
  const { rows } = await marketplace.query(
    `insert into "sellers" ("user_id", "username", "display_name", "category", "bio", "about_me", "experience", "education", "work_history", "pricing", "time_zone", "response_time", "working_hours")
     values ($1, $2, 'Dr Export', 'health', 'bio', 'about', '5 years', 'school', 'work', '{}', 'UTC', 'within an hour', '{}') returning "id"`,
    [sellerUserId, `seller${sellerUserId}`],
  );
  const sellerId = rows[0].id as number;
  await marketplace.query(
    `insert into "call_sessions" ("buyer_id", "buyer_name", "seller_id", "seller_user_id", "seller_name", "call_type", "state", "end_reason",
       "price_per_minute_cents", "created_at", "accepted_at", "connected_at", "ended_at", "buyer_heartbeat_at", "billed_seconds", "amount_cents", "commission_cents", "earning_cents")
     values ($1, $2, $3, $4, 'Dr Export', 'audio', 'ended', 'completed', 250, now(), now(), now(), now(), now(), 120, 500, 100, 400)`,
    [buyerId, buyerName, sellerId, sellerUserId],
  );
  await marketplace.query(`insert into "reviews" ("seller_id", "buyer_id", "buyer_name", "rating", "comment") values ($1, $2, $3, 5, 'Helpful and kind')`, [
    sellerId,
    buyerId,
    buyerName,
  ]);
}

/** GET of a download address with this client's session (or none), the bytes as they came. */
async function download(path: string, c?: ApiClient) {
  const res = await fetch(`${stack.baseUrl}${path}`, { headers: { origin: stack.origin, ...(c?.sid ? { cookie: `sid=${c.sid}` } : {}) } });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body };
}

const statusOf = async (c: ApiClient) => {
  const res = await c.get<DataExportStatusDto>('/api/users/me/export');
  expect(res.status).toBe(200);
  return res.body;
};

/** Asks for an export and waits for it to be made. */
async function exportOf(c: Member) {
  const asked = await c.post<DataExportStatusDto>('/api/users/me/export');
  expect(asked.status).toBe(202);
  expect(asked.body).toMatchObject({ state: 'asked', downloadUrl: null });
  return eventually(async () => {
    const status = await statusOf(c);
    expect(status.state).toBe('ready');
    return status;
  });
}

describe('download my data', () => {
  it('makes a zip of every service\'s part with the uploaded files, mails its link, and serves it to its owner', async () => {
    const owner = await signedUpMember(stack, 'vip', uniqueName('exp'));
    const room = await owner.post('/api/rooms', { name: uniqueName('Export room'), category: 'general', messageCooldown: 0 });
    expect(room.status).toBe(201);
    const socket = await enterRoom(stack, owner, room.body.id);
    const words = `my own words ${uniqueName('w')}`;
    expect((await owner.post(`/api/rooms/${room.body.id}/messages`, { content: words })).status).toBe(201);
    socket.close();
    // More messages than a page holds, so the zip is written a page at a time.
    await chat.query(
      `insert into "messages" ("room_id", "seq", "sender_id", "content", "type", "created_at")
       select $1, 1000 + n, $2, 'older message ' || n, 'text', now() from generate_series(1, $3) as n`,
      [room.body.id, owner.id, DATA_EXPORT_PAGE_SIZE * 2 + 5],
    );
    const pictureUrl = await uploadAvatar(stack, owner, { width: 64, height: 48 });
    await callAndReview(owner.id, owner.username);

    const ready = await exportOf(owner);
    expect(Date.parse(ready.expiresAt as string) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(ready.downloadUrl).toMatch(/^\/api\/users\/me\/export\/download\?token=/);

    // The mail brings the same link.
    const mail = await stack.mail.waitForMail(`${owner.username}@example.com`, READY_SUBJECT);
    const link = linkIn(mail, `${stack.origin}/api/users/me/export/download?token=`);
    expect(link.slice(stack.origin.length)).toBe(ready.downloadUrl);

    const got = await download(ready.downloadUrl as string, owner);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/zip');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(got.body);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'chat/rooms.json',
        'chat/messages.json',
        'chat/reports.json',
        'chat/notifications.json',
        'marketplace/seller.json',
        'marketplace/reviews.json',
        'marketplace/calls.json',
        'media/uploads.json',
      ]),
    );
    const json = (name: string) => JSON.parse((files.get(name) as Buffer).toString('utf8'));
    expect((files.get('README.txt') as Buffer).toString('utf8')).toMatch(/^Your data\n\naccount\.json {15}your profile and settings\n/);
    const account = json('account.json');
    expect(account).toMatchObject({ id: owner.id, username: owner.username, email: `${owner.username}@example.com`, role: 'vip' });
    expect(Object.keys(account)).not.toEqual(expect.arrayContaining(['passwordHash']));
    expect(JSON.stringify(account)).not.toMatch(/argon2|totp/i);

    const messages = json('chat/messages.json') as any[];
    expect(messages).toHaveLength(DATA_EXPORT_PAGE_SIZE * 2 + 6);
    expect(messages.find((m) => m.content === words)).toMatchObject({ room_id: room.body.id, room_name: room.body.name });
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);

    expect(json('marketplace/calls.json')).toEqual([
      expect.objectContaining({ direction: 'made', seller_name: 'Dr Export', billed_seconds: 120, amount_cents: 500, price_per_minute_cents: 250 }),
    ]);
    expect(json('marketplace/reviews.json')).toEqual([expect.objectContaining({ direction: 'written', seller_name: 'Dr Export', rating: 5, comment: 'Helpful and kind' })]);
    expect(json('marketplace/seller.json')).toEqual([]);

    // The uploaded picture, byte for byte as it is served.
    const uploads = json('media/uploads.json') as any[];
    expect(uploads).toEqual([expect.objectContaining({ url: pictureUrl, purpose: 'avatar', kind: 'image' })]);
    const served = Buffer.from(await (await fetch(`${stack.baseUrl}${pictureUrl}`)).arrayBuffer());
    const inZip = files.get(uploads[0].file);
    expect(inZip?.equals(served)).toBe(true);
    expect((await sharp(inZip as Buffer).metadata()).width).toBe(64);
  });

  it("writes the zip's README in the language the account keeps, the data itself as it is", async () => {
    const owner = await signedUpMember(stack, undefined, uniqueName('exp'));
    expect((await owner.request('PUT', '/api/users/me/language', { language: 'hi' })).status).toBe(200);
    const { downloadUrl } = await exportOf(owner);
    const files = await unzip((await download(downloadUrl as string, owner)).body);
    const readme = (files.get('README.txt') as Buffer).toString('utf8');
    expect(readme.split('\n')[0]).toBe('आपका डेटा');
    expect(readme).toContain('chat/messages.json         आपका लिखा हर संदेश, उसके रूम के साथ');
    expect(readme).not.toContain('Your data');
    expect(JSON.parse((files.get('account.json') as Buffer).toString('utf8'))).toMatchObject({ id: owner.id, language: 'hi' });
  });

  it('allows one export a day: a second ask is 429 with when to ask again', async () => {
    const c = await signedUpMember(stack, undefined, uniqueName('exp'));
    const first = await exportOf(c);
    const again = await c.post('/api/users/me/export');
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ message: DataExportMessages.tooSoon, messageCode: { code: 'export_too_soon' }, nextAskAt: first.nextAskAt });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(Date.parse(first.nextAskAt as string) - Date.parse(first.askedAt as string)).toBe(24 * 3600 * 1000);
    // Still ready, with its link.
    expect(await statusOf(c)).toMatchObject({ state: 'ready', downloadUrl: first.downloadUrl });
  });

  it('opens the link only in its owner\'s session: another person, a guest, no session or a changed link never get the file', async () => {
    const owner = await signedUpMember(stack, undefined, uniqueName('exp'));
    const { downloadUrl } = await exportOf(owner);
    const url = downloadUrl as string;
    const token = new URL(url, stack.baseUrl).searchParams.get('token') as string;
    const [id, expiry, signature] = token.split('.');

    const other = await signedUpMember(stack, undefined, uniqueName('exp'));
    const refused = await download(url, other);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body.toString())).toMatchObject({ message: DataExportMessages.linkInvalid, messageCode: { code: 'export_link_invalid' } });

    expect((await download(url)).status).toBe(401);
    const guest = new ApiClient(stack);
    expect((await guest.post('/api/auth/guest', { captchaResponse: await guest.solveCaptcha() })).status).toBe(201);
    expect((await download(url, guest)).status).toBe(403);

    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const withToken = (t: string) => `/api/users/me/export/download?token=${t}`;
    expect((await download(withToken(`${id}.${expiry}.${flipped}`), owner)).status).toBe(403);
    // A later expiry written into the link breaks its signature.
    expect((await download(withToken(`${id}.${Number(expiry) + 86_400}.${signature}`), owner)).status).toBe(403);
    expect((await download(withToken('not-a-token'), owner)).status).toBe(400);
    // The refusals leave the owner's own link working.
    expect((await download(url, owner)).status).toBe(200);
  });

  it('refuses an expired link with 404, shows the export expired, and the sweep deletes the zip', async () => {
    const owner = await signedUpMember(stack, undefined, uniqueName('exp'));
    const { downloadUrl } = await exportOf(owner);
    const { rows } = await media.query(`update "data_exports" set "expires_at" = now() - interval '1 second' where "user_id" = $1 returning "key"`, [owner.id]);
    const key = rows[0].key as string;
    expect(key).toMatch(new RegExp(`^exports/${owner.id}/[0-9a-f-]{36}\\.zip$`));
    const storage = stack.media!.get(ObjectStorage);
    await expect(storage.getWhole(key)).resolves.toBeDefined();

    const expired = await download(downloadUrl as string, owner);
    expect(expired.status).toBe(404);
    expect(JSON.parse(expired.body.toString())).toMatchObject({ message: DataExportMessages.expired });
    expect(await statusOf(owner)).toMatchObject({ state: 'expired', downloadUrl: null, expiresAt: null });

    expect(await stack.media!.get(DataExportsService).sweep()).toBeGreaterThanOrEqual(1);
    await expect(storage.getWhole(key)).rejects.toMatchObject({ code: 'NoSuchKey' });
    expect((await media.query(`select "key" from "data_exports" where "user_id" = $1`, [owner.id])).rows).toEqual([{ key: null }]);
    expect(await statusOf(owner)).toMatchObject({ state: 'expired', downloadUrl: null });
  });

  it('lets a job lost to a restart (still asked after an hour) be asked again', async () => {
    const owner = await signedUpMember(stack, undefined, uniqueName('exp'));
    await media.query(
      `insert into "data_exports" ("id", "user_id", "state", "asked_at") values (gen_random_uuid(), $1, 'asked', now() - interval '2 hours')`,
      [owner.id],
    );
    expect(await statusOf(owner)).toMatchObject({ state: 'failed', nextAskAt: null });
    await exportOf(owner);
  });

  it('answers none before any ask', async () => {
    const c = await signedUpMember(stack, undefined, uniqueName('exp'));
    expect(await statusOf(c)).toEqual({ state: 'none', askedAt: null, readyAt: null, expiresAt: null, downloadUrl: null, nextAskAt: null });
  });
});
