// Accounts for the load: guests enter through the same calls as the sign-in screen (captcha
// answered, then POST /api/auth/guest); senders register and are made vip by the operator's
// role change (auth-svc's set-role request over NATS, there is no public call for it); the
// people of private chats register and stay members (role user), as most people are.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { connect, JSONCodec } from 'nats';

const require = createRequire(import.meta.url);
const { AuthPatterns, SESSION_COOKIE } = require('@app/contracts');
const { captchaAnswers } = require('@app/testing');

const PASSWORD = 'Correct-Horse-Battery-42';
const CONCURRENCY = 16;

async function post(baseUrl, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return { res, json };
}

async function enter(baseUrl, path, payload) {
  const challenge = await (await fetch(`${baseUrl}/api/auth/captcha`)).json();
  const { json: verified } = await post(baseUrl, '/api/auth/captcha/verify', captchaAnswers(challenge));
  const { res, json } = await post(baseUrl, path, { ...payload, captchaResponse: verified.token });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return { cookie: sid.split(';')[0], user: json.user };
}

/** Runs the tasks with at most CONCURRENCY at a time. */
async function inBatches(count, task) {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** A request to a service over NATS, as a gateway or the operator's tooling sends it. */
export async function natsRequest(nc, pattern, data, timeout = 5000) {
  const codec = JSONCodec();
  const reply = await nc.request(pattern, codec.encode({ pattern, data, id: randomUUID() }), { timeout });
  const body = codec.decode(reply.data);
  if (body.err) throw new Error(`${pattern}: ${JSON.stringify(body.err)}`);
  return body.response;
}

/** A growing pool of vip senders, registered members and guest readers on one running system. */
export class AccountPool {
  constructor(baseUrl, natsUrl, runId) {
    this.baseUrl = baseUrl;
    this.natsUrl = natsUrl;
    this.runId = runId;
    this.vips = [];
    this.users = [];
    this.guests = [];
  }

  register(username) {
    return enter(this.baseUrl, '/api/auth/register', { username, email: `${username}@example.com`, password: PASSWORD, confirmPassword: PASSWORD });
  }

  async ensure({ vips = 0, users = 0, guests = 0 }) {
    const missingVips = Math.max(0, vips - this.vips.length);
    if (missingVips > 0) {
      const nc = await connect({ servers: this.natsUrl, name: 'bench-operator' });
      try {
        const start = this.vips.length;
        const created = await inBatches(missingVips, async (i) => {
          const session = await this.register(`v${this.runId}_${start + i}`.slice(0, 20));
          session.user = await natsRequest(nc, AuthPatterns.SetRole, { userId: session.user.id, role: 'vip' });
          return session;
        });
        this.vips.push(...created);
      } finally {
        await nc.close();
      }
    }
    const missingUsers = Math.max(0, users - this.users.length);
    if (missingUsers > 0) {
      const start = this.users.length;
      this.users.push(...(await inBatches(missingUsers, (i) => this.register(`u${this.runId}_${start + i}`.slice(0, 20)))));
    }
    const missingGuests = Math.max(0, guests - this.guests.length);
    if (missingGuests > 0) this.guests.push(...(await inBatches(missingGuests, () => enter(this.baseUrl, '/api/auth/guest', {}))));
  }

  /** Creates a public room as a vip; returns its id. */
  async createRoom(owner, name, maxUsers) {
    const res = await fetch(`${this.baseUrl}/api/rooms`, {
      method: 'POST',
      headers: { origin: this.baseUrl, 'content-type': 'application/json', cookie: owner.cookie },
      body: JSON.stringify({ name, category: 'general', description: 'Load benchmark', maxUsers, messageCooldown: 0 }),
    });
    const json = await res.json();
    if (res.status !== 201) throw new Error(`create room: ${res.status} ${JSON.stringify(json)}`);
    return json.id;
  }

  /**
   * Private chats as the app starts them: the first of each pair asks for one with the second,
   * met in a public room (POST /api/rooms/private with userId and originRoomId). Answers the
   * private rooms' ids, in the order of the pairs.
   */
  startPrivateChats(pairs, originRoomId) {
    return inBatches(pairs.length, async (i) => {
      const [from, to] = pairs[i];
      const res = await fetch(`${this.baseUrl}/api/rooms/private`, {
        method: 'POST',
        headers: { origin: this.baseUrl, 'content-type': 'application/json', cookie: from.cookie },
        body: JSON.stringify({ userId: to.user.id, originRoomId }),
      });
      const json = await res.json();
      if (res.status !== 201) throw new Error(`start private chat: ${res.status} ${JSON.stringify(json)}`);
      return json.id;
    });
  }
}
