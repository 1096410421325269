import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { AccountDeletionMessages, OIDC_LANDING_PATH, REMEMBER_ME_TTL_SECONDS, SESSION_TTL_SECONDS, OidcErrorCode, OidcMessages, RECENT_PROVIDER_SIGN_IN_SECONDS, SanctionPatterns, TwoStepMessages } from '@app/contracts';
import { answerAtProvider, freshTotpCode, linkIn, startOidcProvider, uniqueName, type ProviderIdentity, type StandInOidcProvider } from '@app/testing';
import { ApiClient, signedUpMember, startAuthStack, type AuthStack, type Member } from './auth-stack';
import { openCallback, providerRoundTrip } from './support/oidc';
import { enrolTwoStep } from './support/two-step';

describe('sign-in with an OpenID Connect provider through the gateway', () => {
  let provider: StandInOidcProvider;
  let stack: AuthStack;

  beforeAll(async () => {
    provider = await startOidcProvider();
    stack = await startAuthStack(provider.env('local', 'Local provider'));
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    await provider?.stop();
  });

  const subject = () => uniqueName('sub');

  /** A member whose address is verified here, by the link mailed at sign-up. */
  async function verifiedMember(): Promise<Member & { email: string }> {
    const member = await signedUpMember(stack);
    const email = `${member.username}@example.com`;
    const mail = await stack.mail.waitForMail(email, /Confirm your email address/);
    const token = new URL(linkIn(mail, `${stack.origin}/verify-email?token=`)).searchParams.get('token');
    expect((await new ApiClient(stack).post('/api/auth/verify-email', { token })).status).toBe(200);
    return Object.assign(member, { email });
  }

  /** A new identity's round trip and its username, as the landing page asks for it. */
  async function newAccount(identity: ProviderIdentity = { sub: subject() }) {
    const browser = new ApiClient(stack);
    const landing = await providerRoundTrip(browser, identity);
    const username = uniqueName('prov');
    const made = await browser.post('/api/auth/oidc/sign-up', { token: landing.fragment.get('sign-up'), username });
    expect(made.status).toBe(201);
    return { browser, username, identity, user: made.body.user };
  }

  it('lists the configured providers for the sign-in screen', async () => {
    const res = await new ApiClient(stack).get('/api/auth/oidc/providers');
    expect(res).toMatchObject({ status: 200, body: [{ id: 'local', name: 'Local provider' }] });
    const unknown = await new ApiClient(stack).post('/api/auth/oidc/nosuch/start');
    expect(unknown).toMatchObject({ status: 404, body: { message: OidcMessages.unknownProvider } });
  });

  it('makes a new account with the username the person picks, then signs the same identity in', async () => {
    const browser = new ApiClient(stack);
    const identity = { sub: subject(), email: `${uniqueName('new')}@example.com` };
    const landing = await providerRoundTrip(browser, identity);
    expect(landing.status).toBe(302);
    expect(landing.path).toBe(OIDC_LANDING_PATH);
    expect(landing.fragment.get('provider')).toBe('local');
    const token = landing.fragment.get('sign-up') as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(browser.sid).toBeUndefined();

    // The same rules and messages as sign-up; a taken name leaves the token good for another.
    const bad = await browser.post('/api/auth/oidc/sign-up', { token, username: 'no spaces!' });
    expect(bad).toMatchObject({ status: 400, body: { fields: { username: ['Username may contain only letters, digits and underscore'] } } });
    const someone = await signedUpMember(stack);
    const taken = await browser.post('/api/auth/oidc/sign-up', { token, username: someone.username });
    expect(taken.status).toBe(409);
    expect(taken.body.fields.username).toHaveLength(1);

    const username = uniqueName('prov');
    const made = await browser.post('/api/auth/oidc/sign-up', { token, username });
    expect(made).toMatchObject({ status: 201, body: { user: { username, email: identity.email, isVerified: true, signedInWith: 'provider' } } });
    expect(browser.sid).toBeDefined();
    expect((await browser.get('/api/users/me')).body).toMatchObject({ username, signedInWith: 'provider' });
    // The token served once.
    const again = await new ApiClient(stack).post('/api/auth/oidc/sign-up', { token, username: uniqueName('prov') });
    expect(again).toMatchObject({ status: 400, body: { fields: { token: [OidcMessages.tokenExpired] } } });

    const listed = await browser.get('/api/users/me/identities');
    expect(listed).toMatchObject({ status: 200, body: [{ provider: 'local', providerName: 'Local provider', email: identity.email }] });

    // Next time the identity signs straight in.
    const later = new ApiClient(stack);
    const back = await providerRoundTrip(later, identity, { rememberMe: true });
    expect(back).toMatchObject({ status: 302, location: '/' });
    expect((await later.get('/api/users/me')).body).toMatchObject({ id: made.body.user.id, signedInWith: 'provider' });
  });

  it('keeps the session as long as the sign-in form\'s Remember me says, as a password sign-in does', async () => {
    const { identity } = await newAccount();
    const ttlOf = async (client: ApiClient) => stack.redis.ttl(`session:${createHash('sha256').update(client.sid as string).digest('hex')}`);

    const remembered = new ApiClient(stack);
    const kept = await providerRoundTrip(remembered, identity, { rememberMe: true });
    expect(kept.location).toBe('/');
    expect(kept.sessionCookie).toMatch(new RegExp(`Max-Age=${REMEMBER_ME_TTL_SECONDS}(;|$)`));
    expect(await ttlOf(remembered)).toBeGreaterThan(SESSION_TTL_SECONDS);

    // Without it, the cookie ends with the browser and the session within a day.
    const forgotten = new ApiClient(stack);
    const once = await providerRoundTrip(forgotten, identity, { rememberMe: false });
    expect(once.location).toBe('/');
    expect(once.sessionCookie).toBeDefined();
    expect(once.sessionCookie).not.toMatch(/Max-Age|Expires/i);
    expect(await ttlOf(forgotten)).toBeLessThanOrEqual(SESSION_TTL_SECONDS);
  });

  it('keeps the Remember me of the session that "Sign in again" renews, which asks nothing of it', async () => {
    const { identity } = await newAccount();
    const ttlOf = async (client: ApiClient) => stack.redis.ttl(`session:${createHash('sha256').update(client.sid as string).digest('hex')}`);

    const remembered = new ApiClient(stack);
    await providerRoundTrip(remembered, identity, { rememberMe: true });
    const before = remembered.sid;
    const renewed = await providerRoundTrip(remembered, identity, { returnTo: 'settings' });
    expect(renewed).toMatchObject({ status: 302, location: '/settings' });
    expect(remembered.sid).not.toBe(before);
    expect(renewed.sessionCookie).toMatch(new RegExp(`Max-Age=${REMEMBER_ME_TTL_SECONDS}(;|$)`));
    expect(await ttlOf(remembered)).toBeGreaterThan(SESSION_TTL_SECONDS);
    // And again: the renewed session carries the choice on.
    expect((await providerRoundTrip(remembered, identity, { returnTo: 'settings' })).sessionCookie).toMatch(new RegExp(`Max-Age=${REMEMBER_ME_TTL_SECONDS}(;|$)`));

    const forgotten = new ApiClient(stack);
    await providerRoundTrip(forgotten, identity, { rememberMe: false });
    const once = await providerRoundTrip(forgotten, identity, { returnTo: 'settings' });
    expect(once.location).toBe('/settings');
    expect(once.sessionCookie).toBeDefined();
    expect(once.sessionCookie).not.toMatch(/Max-Age|Expires/i);
    expect(await ttlOf(forgotten)).toBeLessThanOrEqual(SESSION_TTL_SECONDS);

    // A choice the start makes still wins; a browser with no session has none to keep.
    const changed = await providerRoundTrip(remembered, identity, { returnTo: 'settings', rememberMe: false });
    expect(changed.sessionCookie).not.toMatch(/Max-Age|Expires/i);
    expect((await providerRoundTrip(new ApiClient(stack), identity, { returnTo: 'settings' })).sessionCookie).not.toMatch(/Max-Age|Expires/i);
  });

  it('keeps it through the two-step code the renewed sign-in asks for', async () => {
    const { identity } = await newAccount();
    const remembered = new ApiClient(stack);
    await providerRoundTrip(remembered, identity, { rememberMe: true });
    const { secret } = await enrolTwoStep(remembered);

    const again = await providerRoundTrip(remembered, identity, { returnTo: 'settings' });
    expect(again.fragment.get('then')).toBe('settings');
    const renewed = await remembered.post('/api/auth/login/two-step', { challenge: again.fragment.get('two-step'), code: await freshTotpCode(secret) });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(new RegExp(`Max-Age=${REMEMBER_ME_TTL_SECONDS}(;|$)`));
    expect((await remembered.get('/api/users/me')).body.signedInWith).toBe('provider-and-code');
  });

  it('makes an account without a password, which signs in by no password until it sets one from its address', async () => {
    const email = `${uniqueName('nopw')}@example.com`;
    const { browser, username } = await newAccount({ sub: subject(), email });
    expect((await new ApiClient(stack).login(username, 'blue-tangerine-42')).status).toBe(401);

    expect((await new ApiClient(stack).post('/api/auth/forgot-password', { email })).status).toBe(200);
    const mail = await stack.mail.waitForMail(email, /Reset your password/);
    const token = new URL(linkIn(mail, `${stack.origin}/reset-password?token=`)).searchParams.get('token');
    const reset = await new ApiClient(stack).post('/api/auth/reset-password', { token, password: 'violet-harbour-77', confirmPassword: 'violet-harbour-77' });
    expect(reset.status).toBe(200);
    expect((await new ApiClient(stack).login(username, 'violet-harbour-77')).status).toBe(200);
    // With a password, the provider is no longer the only way in.
    const signedIn = new ApiClient(stack);
    await signedIn.login(username, 'violet-harbour-77');
    const [identity] = (await signedIn.get('/api/users/me/identities')).body;
    expect((await signedIn.request('DELETE', `/api/users/me/identities/${identity.id}`)).status).toBe(200);
    expect((await browser.get('/api/users/me')).status).toBe(401);
  });

  it('links an account by an address both the provider and the account verified, and signs it in', async () => {
    const member = await verifiedMember();
    const browser = new ApiClient(stack);
    const landing = await providerRoundTrip(browser, { sub: subject(), email: member.email.toUpperCase(), emailVerified: true });
    expect(landing).toMatchObject({ status: 302, location: '/' });
    expect((await browser.get('/api/users/me')).body).toMatchObject({ id: member.id, signedInWith: 'provider' });
    expect((await member.get('/api/users/me/identities')).body).toEqual([expect.objectContaining({ provider: 'local', email: member.email })]);
  });

  it('never links by an address the provider did not verify: a new account is offered instead', async () => {
    const member = await verifiedMember();
    const browser = new ApiClient(stack);
    const landing = await providerRoundTrip(browser, { sub: subject(), email: member.email, emailVerified: false });
    expect(landing.path).toBe(OIDC_LANDING_PATH);
    expect(landing.fragment.get('sign-up')).toBeTruthy();
    expect(browser.sid).toBeUndefined();
    expect((await member.get('/api/users/me/identities')).body).toEqual([]);

    // Nor to an account that never proved the address here, whatever the provider says.
    const unproven = await signedUpMember(stack);
    const other = await providerRoundTrip(new ApiClient(stack), { sub: subject(), email: `${unproven.username}@example.com`, emailVerified: true });
    expect(other.fragment.get('sign-up')).toBeTruthy();
    expect((await unproven.get('/api/users/me/identities')).body).toEqual([]);
  });

  it('takes each state once, in the browser that started it: replays, forged states and other browsers are refused', async () => {
    const { identity } = await newAccount();
    const browser = new ApiClient(stack);
    const first = await providerRoundTrip(browser, identity);
    expect(first.location).toBe('/');
    // The same answer again (state, code, id token): the state is spent.
    const replay = await openCallback(new ApiClient(stack), first.callbackPath);
    expect(replay.fragment.get('error')).toBe(OidcErrorCode.Expired);
    const replayHere = await openCallback(browser, first.callbackPath);
    expect(replayHere.fragment.get('error')).toBe(OidcErrorCode.Expired);

    // A state nobody issued.
    const started = await browser.post('/api/auth/oidc/local/start');
    const callback = await answerAtProvider(started.body.url, identity);
    const forged = new URL(callback, stack.baseUrl);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect((await openCallback(browser, `${forged.pathname}${forged.search}`)).fragment.get('error')).toBe(OidcErrorCode.Expired);

    // The genuine answer opened in another browser (a login forgery) is refused, and spends the state.
    const stranger = new ApiClient(stack);
    const stolen = await openCallback(stranger, callback);
    expect(stolen.fragment.get('error')).toBe(OidcErrorCode.Expired);
    expect(stranger.sid).toBeUndefined();
    expect((await openCallback(browser, callback)).fragment.get('error')).toBe(OidcErrorCode.Expired);
  });

  it('checks the PKCE verifier and the nonce: an answer that does not match what was started fails', async () => {
    const { identity } = await newAccount();
    for (const field of ['codeVerifier', 'nonce']) {
      const browser = new ApiClient(stack);
      const started = await browser.post('/api/auth/oidc/local/start');
      const state = new URL(started.body.url).searchParams.get('state') as string;
      const callback = await answerAtProvider(started.body.url, identity);
      // What the server kept for this sign-in, altered as a mixed-up or forged answer would need it.
      const key = `oidc-state:${createHash('sha256').update(state).digest('hex')}`;
      const pending = JSON.parse((await stack.redis.get(key)) as string);
      pending[field] = field === 'nonce' ? 'another-nonce-than-the-one-sent' : 'another-verifier-than-the-one-whose-challenge-was-sent-0123456789';
      await stack.redis.set(key, JSON.stringify(pending), 'KEEPTTL');
      const landing = await openCallback(browser, callback);
      expect(landing.fragment.get('error')).toBe(OidcErrorCode.Failed);
      expect(browser.sid).toBeUndefined();
    }
  });

  it('refuses a banned account, as its password is refused', async () => {
    const { identity, user } = await newAccount();
    const moderator = await signedUpMember(stack, 'moderator');
    await stack.rpc.request(SanctionPatterns.Apply, {
      actor: { id: moderator.id, username: moderator.username, avatar: null, role: 'moderator' },
      userId: user.id,
      kind: 'ban',
      reason: 'Spam',
    });
    const browser = new ApiClient(stack);
    const landing = await providerRoundTrip(browser, identity);
    expect(landing.fragment.get('error')).toBe(OidcErrorCode.Refused);
    expect(browser.sid).toBeUndefined();
  });

  it('asks for the two-step code after the provider when the account has it on', async () => {
    const member = await verifiedMember();
    const { secret } = await enrolTwoStep(member);
    const identity = { sub: subject() };
    expect((await providerRoundTrip(member, identity, { link: true })).location).toBe('/settings#linked=local');

    const browser = new ApiClient(stack);
    const landing = await providerRoundTrip(browser, identity);
    expect(landing.path).toBe(OIDC_LANDING_PATH);
    const challenge = landing.fragment.get('two-step') as string;
    expect(challenge).toBeTruthy();
    expect(browser.sid).toBeUndefined();
    const wrong = await browser.post('/api/auth/login/two-step', { challenge, code: '000000' });
    expect(wrong).toMatchObject({ status: 400, body: { fields: { code: [TwoStepMessages.codeWrong] } } });
    const done = await browser.post('/api/auth/login/two-step', { challenge, code: await freshTotpCode(secret) });
    expect(done).toMatchObject({ status: 200, body: { user: { id: member.id, signedInWith: 'provider-and-code' } } });
  });

  it('links a provider from Settings, once, and never an identity another account holds', async () => {
    const member = await signedUpMember(stack);
    const identity = { sub: subject() };
    const linked = await providerRoundTrip(member, identity, { link: true });
    expect(linked.location).toBe('/settings#linked=local');
    const again = await member.post('/api/users/me/identities/local');
    expect(again).toMatchObject({ status: 409, body: { message: OidcMessages.alreadyLinked } });

    const other = await signedUpMember(stack);
    const refused = await providerRoundTrip(other, identity, { link: true });
    expect(refused.fragment.get('error')).toBe(OidcErrorCode.Taken);
    expect((await other.get('/api/users/me/identities')).body).toEqual([]);
  });

  it('removes a linked provider, but never the last way into an account', async () => {
    const { browser } = await newAccount();
    const [identity] = (await browser.get('/api/users/me/identities')).body;
    const refused = await browser.request('DELETE', `/api/users/me/identities/${identity.id}`);
    expect(refused).toMatchObject({ status: 409, body: { message: OidcMessages.lastWayIn } });
    // Nor can a password-less account sign in with a password it does not have.
    expect((await browser.get('/api/users/me/identities')).body).toHaveLength(1);

    const member = await signedUpMember(stack);
    await providerRoundTrip(member, { sub: subject() }, { link: true });
    const [mine] = (await member.get('/api/users/me/identities')).body;
    expect((await browser.request('DELETE', `/api/users/me/identities/${mine.id}`)).status).toBe(403);
    expect((await member.request('DELETE', '/api/users/me/identities/999999')).status).toBe(404);
    expect(await member.request('DELETE', `/api/users/me/identities/${mine.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await member.get('/api/users/me/identities')).body).toEqual([]);
  });

  // Deleting such an account is tested beside the other deletions (tests/api/account-deletion.int-spec.ts): it asks the marketplace too.
  describe('an account without a password confirms with a fresh provider sign-in', () => {
    /** Moves the session's start back, as if it had been opened `seconds` ago. */
    async function ageSession(client: ApiClient, seconds: number) {
      const key = `session:${createHash('sha256').update(client.sid as string).digest('hex')}`;
      const stored = JSON.parse((await stack.redis.get(key)) as string);
      stored.createdAt = new Date(Date.now() - seconds * 1000).toISOString();
      await stack.redis.set(key, JSON.stringify(stored), 'KEEPTTL');
    }

    it('never takes a session opened with the password for a provider sign-in', async () => {
      const member = await signedUpMember(stack);
      const refused = await member.post('/api/users/me/deletion', { providerSignIn: true, confirmation: member.username });
      expect(refused.status).toBe(403);
      expect(refused.body.fields).toEqual({ providerSignIn: [OidcMessages.signInAgain] });
      // Nor is a body with neither the password nor another proof taken.
      const neither = await member.post('/api/users/me/deletion', { confirmation: member.username });
      expect(neither.status).toBe(400);
      expect(neither.body.fields.password).toContain(AccountDeletionMessages.passwordRequired);
      expect((await member.get('/api/users/me/deletion')).body.state).toBe('none');
    });

    it('turns two-step sign-in off with a code and a fresh provider sign-in, the code asked on the way back to Settings', async () => {
      const { browser, identity } = await newAccount();
      const { secret, recoveryCodes } = await enrolTwoStep(browser);
      await ageSession(browser, RECENT_PROVIDER_SIGN_IN_SECONDS + 5);
      const stale = await browser.post('/api/users/me/two-step/disable', { providerSignIn: true, code: recoveryCodes[0] });
      expect(stale.status).toBe(403);
      expect(stale.body.fields).toEqual({ providerSignIn: [OidcMessages.signInAgain] });
      expect((await browser.get('/api/users/me/two-step')).body.enabled).toBe(true);

      const again = await providerRoundTrip(browser, identity, { returnTo: 'settings' });
      expect(again.path).toBe(OIDC_LANDING_PATH);
      expect(again.fragment.get('then')).toBe('settings');
      const signedIn = await browser.post('/api/auth/login/two-step', { challenge: again.fragment.get('two-step'), code: await freshTotpCode(secret) });
      expect(signedIn.status).toBe(200);
      expect((await browser.get('/api/users/me')).body.signedInWith).toBe('provider-and-code');

      // Still a code: the person shows they hold what they turn off.
      const noCode = await browser.post('/api/users/me/two-step/disable', { providerSignIn: true });
      expect(noCode.status).toBe(400);
      const off = await browser.post('/api/users/me/two-step/disable', { providerSignIn: true, code: recoveryCodes[1] });
      expect(off).toMatchObject({ status: 200, body: { enabled: false } });
    });
  });
});
