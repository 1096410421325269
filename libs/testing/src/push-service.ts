import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './eventually';

/** A browser's PushSubscription as `toJSON()` gives it, with the private half the browser keeps. */
export interface TestPushSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** One push the stand-in accepted: checked for its VAPID signature and decrypted. */
export interface ReceivedPush<T = unknown> {
  subscriptionId: string;
  payload: T;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID claims and the key the sender signed with. */
  vapid: { sub: string; aud: string; exp: number; publicKey: string };
}

export interface TestPushService {
  origin: string;
  /** The PEM certificate it serves (self-signed, for 127.0.0.1): what a sender must trust to reach it. */
  certificate: string;
  /** The same in a file, for a process started with PUSH_CA_FILE. */
  certificateFile: string;
  /** A new browser subscription on this push service. */
  subscribe(): TestPushSubscription;
  /** From now on this subscription's endpoint answers 410 Gone, as for a browser that unsubscribed. */
  expire(id: string): void;
  received: ReceivedPush[];
  /** Pushes refused for a bad signature or payload, with why: each is a failure of the sender. */
  refused: string[];
  waitForPush<T>(subscriptionId: string, count?: number, timeoutMs?: number): Promise<Array<ReceivedPush<T>>>;
  stop(): Promise<void>;
}

const b64url = (data: Buffer) => data.toString('base64url');

/**
 * A push service stand-in, as a browser's vendor runs one: it accepts a push only with a valid
 * VAPID signature (RFC 8292) for its own origin, and decrypts the payload (RFC 8291, aes128gcm)
 * with the subscription's private key, so a test sees exactly what the device would show.
 */
export async function startTestPushService(): Promise<TestPushService> {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const { key, cert, dir } = selfSignedCertificate();

  const server: Server = createServer({ key, cert }, (req, res) => {
    void readBody(req).then((body) => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const browser = id ? browsers.get(id) : undefined;
      if (req.method !== 'POST' || !id || !browser) return void res.writeHead(404).end();
      if (browser.gone) return void res.writeHead(410).end();
      try {
        const vapid = checkVapid(req.headers.authorization ?? '', origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`TTL ${req.headers.ttl}`);
        const plain = decrypt(body, browser.ecdh, browser.auth);
        received.push({
          subscriptionId: id,
          payload: JSON.parse(plain.toString('utf8')),
          ttl,
          urgency: (req.headers.urgency as string | undefined) ?? null,
          topic: (req.headers.topic as string | undefined) ?? null,
          vapid,
        });
        res.writeHead(201).end();
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400).end((error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    certificate: cert,
    certificateFile: join(dir, 'cert.pem'),
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = b64url(randomBytes(9));
      browsers.set(id, { ecdh, auth, gone: false });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    expire(id) {
      const browser = browsers.get(id);
      if (browser) browser.gone = true;
    },
    async waitForPush<T>(subscriptionId: string, count = 1, timeoutMs = 5000) {
      const mine = () => received.filter((push) => push.subscriptionId === subscriptionId) as Array<ReceivedPush<T>>;
      await waitFor(() => mine().length >= count || refused.length > 0, { what: `${count} push(es) to ${subscriptionId}`, timeoutMs });
      if (refused.length > 0) throw new Error(`The push service refused a push: ${refused.join('; ')}`);
      return mine();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }).finally(() => rmSync(dir, { recursive: true, force: true })),
  };
}

/** Push services speak only https: a certificate for 127.0.0.1 made for this run. */
function selfSignedCertificate(): { key: string; cert: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), dir };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `Authorization: vapid t=<JWT>, k=<public key>`: an ES256 JWT for this origin, signed by that key. */
function checkVapid(header: string, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`Authorization is not a VAPID header: ${header.slice(0, 40)}`);
  const [, token, publicKey] = match;
  const [head, claims, signature] = token.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('The VAPID signature does not verify');
  const { alg } = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg: string };
  if (alg !== 'ES256') throw new Error(`JWT alg ${alg}`);
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (aud !== origin) throw new Error(`aud ${aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(exp > now && exp <= now + 24 * 3600)) throw new Error(`exp ${exp} is not within the next 24 hours`);
  if (!/^(mailto:|https:)/.test(sub)) throw new Error(`sub ${sub} is neither mailto: nor https:`);
  return { sub, aud, exp, publicKey };
}

/** RFC 8291: the content-encoding header names the sender's key; the keys come from ECDH and the auth secret. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('The payload spans more than one record');
  const secret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('The last record lacks its padding delimiter');
  return padded.subarray(0, end);
}
