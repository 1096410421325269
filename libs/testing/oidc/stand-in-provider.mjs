// A stand-in OpenID Connect provider (oidc-provider) for tests and local development: never for production.
// One confidential client; its sign-in page asks who to be (subject, email, whether the email is
// verified) instead of a password, so a browser test fills it in and an API test posts it.
//
//   node libs/testing/oidc/stand-in-provider.mjs
//
// OIDC_STAND_IN_PORT (0: a free one), OIDC_STAND_IN_HOST (127.0.0.1), OIDC_STAND_IN_ISSUER
// (http://127.0.0.1:<port>), OIDC_STAND_IN_CLIENT_ID, OIDC_STAND_IN_CLIENT_SECRET (or
// OIDC_STAND_IN_CLIENT_SECRET_FILE, the file holding it), OIDC_STAND_IN_REDIRECT_URIS (comma
// separated; callbacks on localhost and 127.0.0.1 are always let through).
// Prints "oidc stand-in listening <issuer>" once it answers. Docker Compose runs it too
// (docker/oidc-stand-in/Dockerfile, the `oidc` service).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const env = process.env;
const host = env.OIDC_STAND_IN_HOST || '127.0.0.1';
const clientId = env.OIDC_STAND_IN_CLIENT_ID || 'chatmarket-local';
const clientSecret =
  env.OIDC_STAND_IN_CLIENT_SECRET ||
  (env.OIDC_STAND_IN_CLIENT_SECRET_FILE ? readFileSync(env.OIDC_STAND_IN_CLIENT_SECRET_FILE, 'utf8').trim() : '') ||
  'stand-in-client-secret-for-tests-only';
const redirectUris = (env.OIDC_STAND_IN_REDIRECT_URIS || '').split(',').map((uri) => uri.trim()).filter(Boolean);
const LOOPBACK_CALLBACK = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/api\/auth\/oidc\/[a-z0-9]+\/callback$/;

/** Who signed in at the stand-in, by subject: set by its sign-in page, read into the id token. */
const accounts = new Map();

const server = createServer();
await new Promise((resolve) => server.listen(Number(env.OIDC_STAND_IN_PORT || 0), host, resolve));
const port = server.address().port;
const issuer = env.OIDC_STAND_IN_ISSUER || `http://${host}:${port}`;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: redirectUris.length > 0 ? redirectUris : ['http://localhost/api/auth/oidc/local/callback'],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'stand-in', use: 'sig', alg: 'RS256' }] },
  // Its own sign-in cookies, signed with a key of this run: a restart forgets the sign-ins under way.
  cookies: { keys: [randomBytes(32).toString('base64url')] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // The claims go into the id token itself, as Google's do.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, id) {
    const account = accounts.get(id);
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...account }) };
  },
  // A first-party client: no consent screen, every scope it asks for is granted.
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});
// Every port of this machine's gateways: tests start them on free ports.
const { redirectUriAllowed } = provider.Client.prototype;
provider.Client.prototype.redirectUriAllowed = function allowed(uri) {
  return LOOPBACK_CALLBACK.test(uri) || redirectUriAllowed.call(this, uri);
};

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(uid) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in provider</title></head><body>
<main><h1>Stand-in provider</h1><p>Sign in as anyone: this provider is for tests and local development only.</p>
<form method="post" action="/interaction/${escape(uid)}">
<label>Subject <input name="sub" required></label>
<label>Email <input name="email" type="email"></label>
<label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label>
<label>Name <input name="name"></label>
<button type="submit">Continue</button>
</form></main></body></html>`;
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

const handle = provider.callback();
server.on('request', async (req, res) => {
  const match = /^\/interaction\/([\w-]+)$/.exec(req.url.split('?')[0]);
  if (!match) return handle(req, res);
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== match[1]) throw new Error('unknown interaction');
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(page(details.uid));
    }
    const form = await readForm(req);
    const sub = (form.get('sub') || '').trim();
    if (!sub) throw new Error('a subject is required');
    const email = (form.get('email') || '').trim();
    accounts.set(sub, {
      ...(email ? { email, email_verified: form.get('email_verified') === 'true' } : {}),
      ...(form.get('name') ? { name: form.get('name') } : {}),
    });
    await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
  } catch (error) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(String(error.message));
  }
});

console.log(`oidc stand-in listening ${issuer}`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
