import 'reflect-metadata';
import type { CallSessionDto, MessageDto, ServerFrame } from '@app/contracts';
import * as Minio from 'minio';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import { sellerApplication } from '@app/testing';
import { api, enrolTwoStep, register, setRole, signIn, type Session } from './support/accounts';
import { ChatSocket } from './support/chat-socket';
import { upload } from './support/media-client';
import { startSystemStack, type SystemStack } from './support/system-stack';

const ROOT = resolve(__dirname, '../..');
const BACKUP_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/;

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

interface ScriptRun {
  code: number | null;
  output: string;
}

/** `npm run <script> -- <args>` in the repository, as an operator runs it; the exit code and everything it printed. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    child.stderr.on('data', (data) => (output += data));
    child.on('error', fail);
    child.on('exit', (code) => done({ code, output }));
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

type Fingerprint = Record<string, string>;
// scripts/ is plain CommonJS shared with npm run backup: every table's rows and every object's bytes, digested.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bucketFingerprint, databaseFingerprint } = require('../../scripts/lib/data-fingerprint.js') as {
  databaseFingerprint(url: string): Promise<Fingerprint>;
  bucketFingerprint(settings: object): Promise<Fingerprint | null>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bucketSettings } = require('../../scripts/lib/data-sources.js') as { bucketSettings(env: Record<string, string>): object };

describe('npm run backup and npm run restore, a round trip on the running system', () => {
  let sys: SystemStack;
  let gateway: string;
  let workDir: string;
  let backupDir: string;
  let s3: Minio.Client;
  let bucket: string;
  let env: Record<string, string>;

  /** What was made through the API before the backup, to be found again after the restore. */
  let owner: Session;
  let seller: Session;
  let roomId: number;
  let chatId: number;
  let messages: MessageDto[];
  let picture: { url: string; sha256: string; contentType: string | null };
  let call: CallSessionDto;
  let earnings: unknown;
  let databasesBefore: Record<string, Fingerprint>;
  let objectsBefore: Fingerprint;

  const fingerprints = async () => Object.fromEntries(await Promise.all(sys.databases.map(async ({ name, url }) => [name, await databaseFingerprint(url)])));

  /** Each object of the bucket by key, with the sha256 of its bytes; null when there is no bucket. */
  const objects = () => bucketFingerprint(bucketSettings(sys.dataEnv));

  /** The picture as a browser gets it through the gateway: the sha256 of its bytes and their type. */
  const fetchPicture = async (url: string) => {
    const res = await fetch(`${gateway}${url}`);
    expect(res.status).toBe(200);
    return { url, sha256: sha256(Buffer.from(await res.arrayBuffer())), contentType: res.headers.get('content-type') };
  };

  const backupsIn = (dir: string) => readdirSync(dir).filter((name) => BACKUP_ID.test(name)).sort();

  /** A member who applied to sell calls and was verified by a moderator. */
  async function verifiedSeller(): Promise<{ session: Session; sellerId: number }> {
    const session = await register(gateway, 'expert');
    const applied = await api(gateway, 'POST', '/api/sellers/register', session, sellerApplication({ audioPricing: 60 }));
    expect(applied.status).toBe(201);
    const moderator = await enrolTwoStep(gateway, await setRole(sys.natsUrl, await register(gateway, 'mod'), 'moderator'));
    expect((await api(gateway, 'POST', `/api/sellers/${applied.body.id}/verify`, moderator)).status).toBe(200);
    return { session, sellerId: applied.body.id };
  }

  /** A billed call from `buyer` to the seller, ended: the ledger gets its three entries. */
  async function billedCall(buyer: Session, sellerId: number): Promise<CallSessionDto> {
    const buyerSocket = await ChatSocket.open(gateway, buyer);
    const sellerSocket = await ChatSocket.open(gateway, seller);
    try {
      const ringing = sellerSocket.next((f) => f.type === 'incoming_call');
      const started = await api(gateway, 'POST', '/api/calls', buyer, { sellerId, callType: 'audio' });
      expect(started.status).toBe(201);
      const callId = started.body.id as number;
      await ringing;
      expect((await api(gateway, 'POST', `/api/calls/${callId}/accept`, seller)).status).toBe(200);
      const connected = buyerSocket.next<Frame<'call_connected'>>((f) => f.type === 'call_connected');
      buyerSocket.send({ type: 'call_heartbeat', sessionId: callId, media: 'connected' });
      sellerSocket.send({ type: 'call_heartbeat', sessionId: callId, media: 'connected' });
      const connectedAt = Date.parse((await connected).session.connectedAt!);
      // A call is billed by the whole second: one has to pass on the clock.
      await new Promise((r) => setTimeout(r, Math.max(0, connectedAt + 1_100 - Date.now())));
      const ended = await api(gateway, 'POST', `/api/sessions/end-call/${callId}`, buyer);
      expect(ended.status).toBe(200);
      expect(ended.body.amount).toBeGreaterThan(0);
      return ended.body as CallSessionDto;
    } finally {
      await Promise.all([buyerSocket.close(), sellerSocket.close()]);
    }
  }

  beforeAll(async () => {
    bucket = `backup-test-${Date.now().toString(36)}`;
    sys = await startSystemStack({ gateways: 1, chatReplicas: 1, env: { S3_BUCKET: bucket } });
    gateway = sys.gateways[0];
    workDir = mkdtempSync(join(tmpdir(), 'backup-test-'));
    backupDir = join(workDir, 'backups');
    env = { ...sys.dataEnv, BACKUP_DIR: backupDir };
    s3 = new Minio.Client({
      endPoint: sys.dataEnv.S3_ENDPOINT,
      port: Number(sys.dataEnv.S3_PORT),
      useSSL: false,
      accessKey: sys.dataEnv.S3_ACCESS_KEY,
      secretKey: sys.dataEnv.S3_SECRET_KEY,
    });

    // Accounts, a room with a text and a picture message, a marketplace chat, a billed call.
    owner = await setRole(sys.natsUrl, await register(gateway, 'owner'), 'vip');
    const expert = await verifiedSeller();
    seller = expert.session;
    const room = await api(gateway, 'POST', '/api/rooms', owner, { name: 'Kept Safe', category: 'general', description: 'Backed up and restored', maxUsers: 50, allowImages: true });
    expect(room.status).toBe(201);
    roomId = room.body.id;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 30 } } }).png().toBuffer();
    const uploaded = await upload(gateway, owner, { name: 'sunset.png', type: 'image/png', data: png }, { path: '/api/chat/upload' });
    expect(uploaded.status).toBe(201);
    // Into the room as its members send: joined over /ws.
    const inRoom = await ChatSocket.open(gateway, owner);
    try {
      await inRoom.join(roomId);
      const text = await inRoom.sendMessage('Everything here must survive a restore', 'backup-text');
      const answered = inRoom.next((f) => (f.type === 'message_ack' || f.type === 'error') && 'clientId' in f && f.clientId === 'backup-image');
      inRoom.send({ type: 'send_message', content: uploaded.body.url, messageType: 'image', clientId: 'backup-image' });
      const answer = await answered;
      expect(answer).toMatchObject({ type: 'message_ack', message: { type: 'image', content: uploaded.body.url } });
      messages = [text, (answer as Frame<'message_ack'>).message];
    } finally {
      await inRoom.close();
    }
    const chat = await api(gateway, 'POST', '/api/rooms/private', owner, { sellerId: expert.sellerId });
    expect(chat.status).toBe(201);
    chatId = chat.body.id;
    const direct = await api(gateway, 'POST', `/api/rooms/${chatId}/messages`, owner, { content: 'Can we talk about my CV?' });
    expect(direct.status).toBe(201);
    messages.push(direct.body);
    call = await billedCall(owner, expert.sellerId);
    earnings = (await api(gateway, 'GET', '/api/calls/earnings', seller)).body;
    picture = await fetchPicture(uploaded.body.url);

    databasesBefore = await fingerprints();
    objectsBefore = (await objects())!;
  });

  afterAll(async () => {
    await sys?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('backs up every database and every object, with a manifest whose sizes and checksums are the files’', async () => {
    // What the round trip must carry: rows in every table that matters, and the picture.
    expect(databasesBefore.auth.users).toMatch(/^[1-9]\d* rows/);
    expect(databasesBefore.chat.messages).toMatch(/^[1-9]\d* rows/);
    expect(databasesBefore.marketplace.call_ledger_entries).toMatch(/^3 rows/);
    expect(Object.keys(objectsBefore).length).toBeGreaterThan(0);

    const run = await npmRun('backup', [], env);
    expect(run).toMatchObject({ code: 0, output: expect.stringMatching(/Backup \S+ complete: 4 databases and \d+ objects?/) });
    const [id] = backupsIn(backupDir);
    expect(readdirSync(backupDir)).toEqual([id]);
    const dir = join(backupDir, id);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 1,
      id,
      tools: { pg_dump: expect.stringMatching(/^pg_dump \(PostgreSQL\) \d+/), node: process.version },
      media: { bucket, objects: Object.keys(objectsBefore).length },
    });
    expect(manifest.databases.map((d: { name: string; database: string }) => d.name)).toEqual(['auth', 'chat', 'marketplace', 'media']);
    expect(Date.parse(manifest.finishedAt)).toBeGreaterThanOrEqual(Date.parse(manifest.startedAt));

    // Every file is listed with its true size and checksum, and the objects are the bucket's.
    const onDisk = (relative: string) => readFileSync(join(dir, relative));
    for (const file of manifest.files) {
      const bytes = onDisk(file.path);
      expect({ path: file.path, bytes: bytes.length, sha256: sha256(bytes) }).toEqual({ path: file.path, bytes: file.bytes, sha256: file.sha256 });
    }
    const mirrored = Object.fromEntries(manifest.files.filter((f: { key?: string }) => f.key).map((f: { key: string; sha256: string }) => [f.key, f.sha256]));
    expect(mirrored).toEqual(objectsBefore);
    expect(manifest.files.find((f: { key?: string }) => picture.url.endsWith(f.key ?? '\0'))).toMatchObject({ contentType: picture.contentType, sha256: picture.sha256 });
  });

  it('restores onto an emptied system: every account, message, ledger entry and picture is back', async () => {
    await sys.stopApps();
    const admin = new Client({ connectionString: sys.databases[0].url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    try {
      for (const { url } of sys.databases) await admin.query(`DROP DATABASE "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
      const left = await admin.query('SELECT datname FROM pg_database WHERE datname = ANY($1)', [sys.databases.map(({ url }) => new URL(url).pathname.slice(1))]);
      expect(left.rows).toEqual([]);
    } finally {
      await admin.end();
    }
    for (const key of Object.keys(objectsBefore)) await s3.removeObject(bucket, key);
    await s3.removeBucket(bucket);
    expect(await objects()).toBeNull();

    const run = await npmRun('restore', [], env);
    expect(run).toMatchObject({ code: 0, output: expect.stringMatching(/Restored backup \S+ in \d+\.\d s: 4 databases, \d+ objects?/) });
    expect(await fingerprints()).toEqual(databasesBefore);
    expect(await objects()).toEqual(objectsBefore);

    // And the services, started on what was restored, serve it all.
    await sys.startApps();
    const ownerAgain = await signIn(gateway, owner.user.username);
    expect(ownerAgain.user).toMatchObject({ id: owner.user.id, username: owner.user.username, role: 'vip' });
    expect((await signIn(gateway, seller.user.username)).user.id).toBe(seller.user.id);
    const roomHistory = await api(gateway, 'GET', `/api/rooms/${roomId}/messages`, ownerAgain);
    expect(roomHistory.body.map((m: MessageDto) => [m.id, m.content])).toEqual(expect.arrayContaining(messages.slice(0, 2).map((m) => [m.id, m.content])));
    const chatHistory = await api(gateway, 'GET', `/api/rooms/${chatId}/messages`, ownerAgain);
    expect(chatHistory.body.map((m: MessageDto) => [m.id, m.content])).toEqual(expect.arrayContaining([[messages[2].id, messages[2].content]]));
    expect((await api(gateway, 'GET', `/api/calls/${call.id}`, ownerAgain)).body).toEqual(call);
    expect((await api(gateway, 'GET', '/api/calls/earnings', await signIn(gateway, seller.user.username))).body).toEqual(earnings);
    expect(await fetchPicture(picture.url)).toEqual(picture);
  });

  it('refuses a damaged backup, naming its files, and data already there unless --force', async () => {
    const [id] = backupsIn(backupDir);
    const damaged = join(workDir, 'damaged', id);
    cpSync(join(backupDir, id), damaged, { recursive: true });
    const dump = readFileSync(join(damaged, 'databases/chat.dump'));
    dump[Math.floor(dump.length / 2)] ^= 0xff;
    writeFileSync(join(damaged, 'databases/chat.dump'), dump);
    const pictureFile = `media/${picture.url.split('/').slice(-2).join('/')}`;
    expect(existsSync(join(damaged, pictureFile))).toBe(true);
    rmSync(join(damaged, pictureFile));

    const now = await fingerprints();
    const refused = await npmRun('restore', [damaged], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`Backup ${id} is damaged, nothing was restored`);
    expect(refused.output).toContain('databases/chat.dump: its sha256 differs from the manifest');
    expect(refused.output).toContain(`${pictureFile}: missing`);
    expect(await fingerprints()).toEqual(now);

    // The intact backup onto the running system's databases: refused, saying what is there.
    const occupied = await npmRun('restore', [id], env);
    expect(occupied.code).toBe(1);
    expect(occupied.output).toContain('Not restoring over data that is there; with --force these are replaced');
    for (const { url } of sys.databases) expect(occupied.output).toContain(`database ${new URL(url).pathname.slice(1)} `);
    expect(occupied.output).toContain(`bucket ${bucket} `);

    // Something new since the backup; --force puts the backup's state back.
    const later = await api(gateway, 'POST', `/api/rooms/${chatId}/messages`, owner, { content: 'Written after the backup' });
    expect(later.status).toBe(201);
    await sys.stopApps();
    const forced = await npmRun('restore', ['--force', id], env);
    expect(forced).toMatchObject({ code: 0, output: expect.stringContaining('--force: replacing') });
    expect(await fingerprints()).toEqual(databasesBefore);
    expect(await objects()).toEqual(objectsBefore);
  });

  it('keeps the newest BACKUP_KEEP backups, leaves other files alone, and keeps nothing of a failed run', async () => {
    const dir = join(workDir, 'retention');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    const retentionEnv = { ...env, BACKUP_DIR: dir, BACKUP_KEEP: '2' };
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const before = backupsIn(dir);
      const run = await npmRun('backup', [], retentionEnv);
      expect(run.code).toBe(0);
      made.push(...backupsIn(dir).filter((name) => !before.includes(name)));
    }
    expect(made).toHaveLength(3);
    expect(readdirSync(dir).sort()).toEqual([...made.slice(1), 'notes.txt'].sort());

    // A database that cannot be read fails the run, which says so and leaves nothing behind.
    const missing = `${sys.databases.find((d) => d.name === 'chat')!.url}_missing`;
    const failed = await npmRun('backup', [], { ...retentionEnv, CHAT_DATABASE_URL: missing });
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/Database chat \(\S+_missing on [^)]+\): /);
    expect(failed.output).toContain('failed; nothing of it was kept');
    expect(readdirSync(dir).sort()).toEqual([...made.slice(1), 'notes.txt'].sort());

    // --keep on the command line wins over BACKUP_KEEP.
    const kept = await npmRun('backup', ['--keep', '1'], retentionEnv);
    expect(kept.code).toBe(0);
    const [newest] = backupsIn(dir);
    expect(newest > made[2]).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([newest, 'notes.txt']);
  });
});
