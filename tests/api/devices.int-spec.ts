import 'reflect-metadata';
import { AuthPatterns, NEW_DEVICE_MAILS_PER_DAY, SessionMessages, WS_CLOSE_SESSION_ENDED, type SessionInfoDto } from '@app/contracts';
import { eventually, linkIn, uniqueName, type CaughtMail } from '@app/testing';
import { createHash, createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { SessionStore } from '@app/auth-svc/src/sessions/session.store';
import { ApiClient, startAuthStack, type AuthStack } from './auth-stack';

const PASSWORD = 'blue-tangerine-42';
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** Addresses geoip-country places in India and the United Kingdom. */
const INDIA = '49.36.0.1';
const UK = '81.2.69.142';
const NEW_DEVICE = /New sign-in to your account/;

describe('devices: the sessions list, ending sessions, new-device mail', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    // Every member here signs up from one address in India.
    stack = await startAuthStack({ LOG_LEVEL: 'silent', SIGNUPS_PER_ADDRESS_PER_HOUR: '100' });
  }, 60_000);
  afterAll(() => stack?.stop());

  /** A member signed up from a Chrome on Windows in India. */
  async function member() {
    const laptop = new ApiClient(stack, INDIA);
    laptop.userAgent = CHROME_ON_WINDOWS;
    const username = uniqueName('dev');
    const email = `${username}@example.com`;
    expect((await laptop.register({ username, email, password: PASSWORD })).status).toBe(201);
    return { laptop, username, email };
  }

  /** Another browser (its own device cookie) signed in to the account. */
  async function phoneOf(login: string, ip = UK) {
    const phone = new ApiClient(stack, ip);
    phone.userAgent = SAFARI_ON_IPHONE;
    expect((await phone.login(login, PASSWORD)).status).toBe(200);
    return phone;
  }

  const sessionsOf = async (c: ApiClient) => {
    const res = await c.get<SessionInfoDto[]>('/api/users/me/sessions');
    expect(res.status).toBe(200);
    return res.body;
  };
  const newDeviceMails = async (email: string) => (await stack.mail.mailsTo(email)).filter((m) => NEW_DEVICE.test(m.subject));
  const tokenOf = (mail: CaughtMail) => new URL(linkIn(mail, `${stack.origin}/end-session?token=`)).searchParams.get('token') as string;

  /** A page of this browser with its socket open, and the code it was closed with. */
  async function openPage(c: ApiClient) {
    const ws = new WebSocket(`${stack.baseUrl.replace(/^http/, 'ws')}/ws`, { headers: { origin: stack.origin, cookie: `sid=${c.sid}` } });
    const page = { ws, closeCode: undefined as number | undefined };
    ws.on('close', (code) => (page.closeCode = code));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return page;
  }

  it('lists each session with browser, system, country, how it signed in, when, and marks this device', async () => {
    const { laptop, username } = await member();
    const phone = await phoneOf(username);

    const list = await sessionsOf(laptop);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, browser: 'Chrome', os: 'Windows', deviceType: 'desktop', countryCode: 'IN', signedInWith: 'password' });
    expect(list[1]).toMatchObject({ current: false, browser: 'Safari', os: 'iOS', deviceType: 'mobile', countryCode: 'GB', signedInWith: 'password' });
    for (const session of list) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(session.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }
    // The other browser sees the same two, itself first.
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone.map((s) => [s.id, s.current])).toEqual([
      [list[1].id, true],
      [list[0].id, false],
    ]);
    // No token and no hash of one leaves the server.
    expect(JSON.stringify(list)).not.toContain(laptop.sid as string);
  });

  it('records activity at most once a minute, not at each request', async () => {
    const { laptop } = await member();
    const [before] = await sessionsOf(laptop);
    expect(before.lastActiveAt).toBe(before.createdAt);
    const key = `session:${createHash('sha256').update(laptop.sid as string).digest('hex')}`;
    const stored = () => stack.redis.get(key).then((raw) => JSON.parse(raw as string));
    // What every gateway asks auth-svc for each request it has not cached (5 s).
    const resolve = () => stack.rpc.request(AuthPatterns.ResolveSessions, { tokens: [laptop.sid as string] });

    // Requests within the minute write nothing.
    for (let i = 0; i < 5; i++) await resolve();
    expect((await stored()).lastActiveAt).toBeUndefined();

    // A minute on (the stored session made older), the next request is recorded, once.
    const minuteAgo = new Date(Date.parse(before.createdAt) - 61_000).toISOString();
    await stack.redis.set(key, JSON.stringify({ ...(await stored()), createdAt: minuteAgo }), 'KEEPTTL');
    const ttl = await stack.redis.ttl(key);
    await resolve();
    const recorded = (await stored()).lastActiveAt as string;
    expect(Date.now() - Date.parse(recorded)).toBeLessThan(5_000);
    for (let i = 0; i < 5; i++) await resolve();
    expect((await stored()).lastActiveAt).toBe(recorded);
    // The write keeps the session's lifetime, and the list shows it.
    expect(await stack.redis.ttl(key)).toBeLessThanOrEqual(ttl);
    expect(await stack.redis.ttl(key)).toBeGreaterThan(ttl - 5);
    expect((await sessionsOf(laptop))[0].lastActiveAt).toBe(recorded);
  });

  it('never brings back a session that ended while its activity was being written', async () => {
    const { laptop } = await member();
    const key = `session:${createHash('sha256').update(laptop.sid as string).digest('hex')}`;
    const session = JSON.parse((await stack.redis.get(key)) as string);
    const sessions = stack.auth.get(SessionStore);
    await stack.redis.del(key);
    await sessions.noteActivity([{ tokenHash: key.slice('session:'.length), session: { ...session, createdAt: '2020-01-01T00:00:00.000Z' } }]);
    expect(await stack.redis.exists(key)).toBe(0);
  });

  it('ends another session at once, its open page included; the person stays signed in here', async () => {
    const { laptop, username } = await member();
    const phone = await phoneOf(username);
    const phonePage = await openPage(phone);
    const laptopPage = await openPage(laptop);
    const other = (await sessionsOf(laptop)).find((s) => !s.current) as SessionInfoDto;

    expect(await laptop.request('DELETE', `/api/users/me/sessions/${other.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    await eventually(() => expect(phonePage.closeCode).toBe(WS_CLOSE_SESSION_ENDED), { timeoutMs: 5000 });
    expect((await phone.get('/api/users/me')).status).toBe(401);
    expect((await laptop.get('/api/users/me')).status).toBe(200);
    expect(laptopPage.closeCode).toBeUndefined();
    expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
    laptopPage.ws.close();

    // Ended already: not found. The session asking: sign out instead.
    expect(await laptop.request('DELETE', `/api/users/me/sessions/${other.id}`)).toMatchObject({ status: 404, body: { message: SessionMessages.notFound } });
    const [mine] = await sessionsOf(laptop);
    expect(await laptop.request('DELETE', `/api/users/me/sessions/${mine.id}`)).toMatchObject({ status: 409, body: { message: SessionMessages.current } });
  });

  it('signs out everywhere else, leaving this session', async () => {
    const { laptop, username } = await member();
    const phone = await phoneOf(username);
    const tablet = await phoneOf(username, INDIA);
    const pages = [await openPage(phone), await openPage(tablet)];

    expect(await laptop.post('/api/users/me/sessions/end-others')).toMatchObject({ status: 200, body: { ended: 2 } });
    await eventually(() => expect(pages.map((p) => p.closeCode)).toEqual([WS_CLOSE_SESSION_ENDED, WS_CLOSE_SESSION_ENDED]), { timeoutMs: 5000 });
    for (const c of [phone, tablet]) expect((await c.get('/api/users/me')).status).toBe(401);
    expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
    expect(await laptop.post('/api/users/me/sessions/end-others')).toMatchObject({ status: 200, body: { ended: 0 } });
  });

  it("refuses another person's session (404, as if none), bad ids (400), guests and strangers", async () => {
    const ana = await member();
    const bob = await member();
    const bobsSession = (await sessionsOf(bob.laptop))[0];
    expect(await ana.laptop.request('DELETE', `/api/users/me/sessions/${bobsSession.id}`)).toMatchObject({ status: 404, body: { message: SessionMessages.notFound } });
    expect((await bob.laptop.get('/api/users/me')).status).toBe(200);
    expect(await ana.laptop.request('DELETE', `/api/users/me/sessions/${'0'.repeat(32)}`)).toMatchObject({ status: 404 });

    for (const bad of ['1', 'not-a-session', 'A'.repeat(32), bobsSession.id + '0', `${'g'.repeat(32)}`]) {
      const res = await ana.laptop.request('DELETE', `/api/users/me/sessions/${bad}`);
      expect(res).toMatchObject({ status: 400, body: { fields: { id: [expect.any(String)] } } });
    }
    const stranger = new ApiClient(stack);
    expect((await stranger.get('/api/users/me/sessions')).status).toBe(401);
    expect((await stranger.post('/api/users/me/sessions/end-others')).status).toBe(401);
    const guest = new ApiClient(stack);
    expect((await guest.post('/api/auth/guest', { captchaResponse: await guest.solveCaptcha() })).status).toBe(201);
    expect((await guest.get('/api/users/me/sessions')).status).toBe(403);
  });

  it('mails a sign-in from a new device with when, device and place, and not the sign-up or a known browser', async () => {
    const { laptop, username, email } = await member();
    // The sign-up's browser signing in again is known.
    expect((await laptop.login(username, PASSWORD)).status).toBe(200);
    await phoneOf(username);
    const mail = await stack.mail.waitForMail(email, NEW_DEVICE);
    expect(mail.text).toContain(`Hi ${username.toLowerCase()}`);
    expect(mail.text).toContain('Device: Safari on iOS');
    expect(mail.text).toContain(`Place: United Kingdom (address ${UK})`);
    // The moment in UTC, as the account's language writes it.
    expect(mail.text).toMatch(/When: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2}\s[AP]M UTC/);
    expect(tokenOf(mail)).toMatch(/^[\w-]+\.[\w-]+$/);
    // Sync point: the verification mail of a later member arrives after anything queued before it.
    const later = await member();
    await stack.mail.waitForMail(later.email, /Confirm your email address/);
    expect(await newDeviceMails(email)).toHaveLength(1);
    expect(await newDeviceMails(later.email)).toHaveLength(0);
  });

  it(`mails at most ${NEW_DEVICE_MAILS_PER_DAY} new devices a day; Settings still lists every session`, async () => {
    const { laptop, username, email } = await member();
    for (let i = 0; i < NEW_DEVICE_MAILS_PER_DAY + 2; i++) await phoneOf(username);
    // Sync point: the verification mail of a later member arrives after anything queued before it.
    const later = await member();
    await stack.mail.waitForMail(later.email, /Confirm your email address/);
    expect(await newDeviceMails(email)).toHaveLength(NEW_DEVICE_MAILS_PER_DAY);
    expect(await sessionsOf(laptop)).toHaveLength(NEW_DEVICE_MAILS_PER_DAY + 3);
  });

  it('ends that session by the link, without signing in, once; another session is not touched', async () => {
    const { laptop, username, email } = await member();
    const phone = await phoneOf(username);
    const phonePage = await openPage(phone);
    const token = tokenOf(await stack.mail.waitForMail(email, NEW_DEVICE));

    const used = await new ApiClient(stack).post('/api/auth/sessions/end-by-link', { token });
    expect(used).toMatchObject({ status: 200, body: { ended: true } });
    await eventually(() => expect(phonePage.closeCode).toBe(WS_CLOSE_SESSION_ENDED), { timeoutMs: 5000 });
    expect((await phone.get('/api/users/me')).status).toBe(401);
    expect((await laptop.get('/api/users/me')).status).toBe(200);

    const again = await new ApiClient(stack).post('/api/auth/sessions/end-by-link', { token });
    expect(again).toMatchObject({ status: 400, body: { fields: { token: [SessionMessages.linkUsed] } } });
    expect((await laptop.get('/api/users/me')).status).toBe(200);
  });

  it('refuses an expired link and a forged one, ending nothing', async () => {
    const { laptop, username, email } = await member();
    const phone = await phoneOf(username);
    const token = tokenOf(await stack.mail.waitForMail(email, NEW_DEVICE));
    const [body] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const key = (await stack.redis.get('sessions:end-link:hmac-key')) as string;
    const sign = (c: object) => {
      const b = Buffer.from(JSON.stringify(c)).toString('base64url');
      return `${b}.${createHmac('sha256', key).update(b).digest('base64url')}`;
    };

    // Signed with the server's own key but past its time.
    const expired = await new ApiClient(stack).post('/api/auth/sessions/end-by-link', { token: sign({ ...claims, e: Math.floor(Date.now() / 1000) - 1 }) });
    expect(expired).toMatchObject({ status: 400, body: { fields: { token: [SessionMessages.linkExpired] } } });

    // Claims changed (another session id) under the old signature, or signed with another key.
    const otherClaims = Buffer.from(JSON.stringify({ ...claims, s: 'f'.repeat(32) })).toString('base64url');
    const wrongKey = (() => {
      const b = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${b}.${createHmac('sha256', 'guessed').update(b).digest('base64url')}`;
    })();
    for (const forged of [`${otherClaims}.${token.split('.')[1]}`, wrongKey, `${body}.`, 'a.b']) {
      const res = await new ApiClient(stack).post('/api/auth/sessions/end-by-link', { token: forged });
      expect(res).toMatchObject({ status: 400, body: { fields: { token: [expect.any(String)] } } });
      expect(res.body.fields.token).not.toEqual([SessionMessages.linkUsed]);
    }
    for (const c of [laptop, phone]) expect((await c.get('/api/users/me')).status).toBe(200);

    // The real link still works after all that.
    expect(await new ApiClient(stack).post('/api/auth/sessions/end-by-link', { token })).toMatchObject({ status: 200, body: { ended: true } });
    expect((await phone.get('/api/users/me')).status).toBe(401);
  });

  it('answers a link whose session ended already as such, and ends nothing else', async () => {
    const { laptop, username, email } = await member();
    const phone = await phoneOf(username);
    const token = tokenOf(await stack.mail.waitForMail(email, NEW_DEVICE));
    expect((await phone.post('/api/auth/logout')).status).toBe(200);
    expect(await new ApiClient(stack).post('/api/auth/sessions/end-by-link', { token })).toMatchObject({ status: 200, body: { ended: false } });
    expect((await laptop.get('/api/users/me')).status).toBe(200);
  });
});
