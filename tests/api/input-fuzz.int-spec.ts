/* eslint-disable @typescript-eslint/no-explicit-any -- the point is to send what no DTO allows */
import 'reflect-metadata';
import {
  AuthPatterns,
  CallHeartbeatFrameDto,
  CallIceFrameDto,
  CallSdpFrameDto,
  IceCandidateDto,
  MessageFormattingDto,
  MessageMetadataDto,
  SendMessageDto,
  ServiceName,
  type UserRole,
} from '@app/contracts';
import { eventually, startOidcProvider, uniqueName, type StandInOidcProvider } from '@app/testing';
import { getMetadataStorage } from 'class-validator';
import webpush from 'web-push';
import WebSocket from 'ws';
// The real services behind the gateway: a 5xx anywhere in the chain is what this test hunts.
import { SocketRegistry } from '@app/gateway/src/realtime/socket-registry';
import { ApiClient, type AuthStack } from './auth-stack';
import { startProductStack } from './support/product-stack';
import { TestSocket } from './chat-stack';
import { enterRoom } from './support/room-socket';
import { enrolAndSignInWithCode } from './support/two-step';

/** Arrays nested `depth` levels deep, kept as JSON text: even JSON.stringify overflows on them. */
class DeepJson {
  constructor(readonly depth: number) {}
  get text() {
    return `${'['.repeat(this.depth)}"bottom"${']'.repeat(this.depth)}`;
  }
}
const deep = (depth: number) => new DeepJson(depth);

/** JSON text of a value that may hold DeepJson parts. */
function toJsonText(value: unknown): string {
  const parts: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof DeepJson) {
      parts.push(v.text);
      return `@@deep${parts.length - 1}@@`;
    }
    return v;
  });
  return text.replace(/"@@deep(\d+)@@"/g, (_m, i) => parts[Number(i)]);
}

/** Values no field accepts, each aimed at a way a server has broken before. */
const HOSTILE_VALUES: Array<[string, unknown]> = [
  ['null', null],
  ['a number', 42],
  ['a huge number', 9_223_372_036_854_775_808],
  ['past int4', 2_147_483_648],
  ['a negative number', -1],
  ['a fraction', 1.5],
  ['true', true],
  ['an array', ['x']],
  ['an object', { nested: 'x' }],
  ['an object with toString', { toString: 'x' }],
  ['a NUL character', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
  ['a reversed surrogate pair', '\udc00\ud800'],
  ['100 000 characters', 'x'.repeat(100_000)],
  ['zero-width and bidi characters', '\u200b\u202e\u2066x'],
  ['an empty string', ''],
  ['3 000 levels of nesting', deep(3000)],
];

const HOSTILE_BODIES: Array<[string, unknown]> = [
  ['an array body', [1, 2, 3]],
  ['a string body', 'just text'],
  ['a deep body', { content: deep(5000) }],
  ['a body with a NUL key', { 'a\u0000': 'x' }],
  ['a proto key', JSON.parse('{"__proto__": {"role": "moderator"}, "constructor": {"prototype": {"x": 1}}}')],
];

const HOSTILE_SEGMENTS = ['2147483648', '99999999999999999999', '-1', '0', 'abc', '1.5', '%00', '%F0%9F%98%80', '1e3'];

const HOSTILE_QUERIES = ['2147483648', '9223372036854775808', '-1', 'a%00b', '%ED%A0%80', 'x'.repeat(5000), '[]', '1e999'];

interface Operation {
  method: string;
  path: string;
  bodyFields: string[];
  queryFields: string[];
}

/** The fields a DTO validates: a field added to a frame's DTO is fuzzed without a list to keep up. */
const dtoFields = (dto: Function) => [...new Set(getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).map((m) => m.propertyName))];

/** Every field a frame may carry, the nested objects' fields as `outer.inner`. */
const FRAME_FIELDS = [
  ...new Set([
    // Read by the frame handlers themselves (join_room, typing, auth); send_message's `type` travels as messageType.
    'roomId',
    'userId',
    'lastSeq',
    'messageType',
    ...[SendMessageDto, CallSdpFrameDto, CallIceFrameDto, CallHeartbeatFrameDto].flatMap(dtoFields),
    ...dtoFields(MessageFormattingDto).map((f) => `formatting.${f}`),
    ...dtoFields(MessageMetadataDto).map((f) => `metadata.${f}`),
    ...dtoFields(IceCandidateDto).map((f) => `candidate.${f}`),
  ]),
];

/** An object with `value` at a field path such as keys.auth. */
const withField = (path: string, value: unknown): Record<string, unknown> =>
  path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;

let stack: AuthStack;
let provider: StandInOidcProvider;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  // A sign-in provider configured, so its routes reach the provider as in production rather than 404.
  provider = await startOidcProvider();
  stack = await startProductStack({
    ...provider.env('local', 'Local provider'),
    LOG_LEVEL: 'silent',
    // The socket fuzz sends thousands of frames at once: past the per-socket rate a frame is refused unread, which would hide what this hunts.
    WS_FRAMES_PER_10_SECONDS: '1000000',
    WS_ROOM_FRAMES_PER_10_SECONDS: '1000000',
    // Push set up, so its routes answer as in production rather than 503.
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:operator@example.com',
  }, { media: true });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await provider?.stop();
});

async function member(role: Exclude<UserRole, 'guest'>): Promise<ApiClient> {
  const c = new ApiClient(stack);
  const username = uniqueName('fuzz');
  const { body } = await c.register({ username, email: `${username}@example.com` });
  if (!body.user) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  if (role !== 'user') await stack.rpc.request(AuthPatterns.SetRole, { userId: body.user.id, role });
  // Past the desk's second-factor check, so the fuzz reaches the moderators' handlers.
  if (role === 'moderator') await enrolAndSignInWithCode(c, username);
  return c;
}

/** A schema's fields, and those of the objects nested in it as `outer.inner`. */
function fieldsOf(schema: any, schemas: Record<string, any>, depth = 0): string[] {
  return Object.entries<any>(schema?.properties ?? {}).flatMap(([name, property]) => {
    const ref: string | undefined = property.$ref ?? property.allOf?.[0]?.$ref ?? property.items?.$ref;
    const nested = ref && depth < 2 ? fieldsOf(schemas[ref.split('/').pop() as string], schemas, depth + 1) : [];
    return [name, ...nested.map((inner) => `${name}.${inner}`)];
  });
}

/** Every JSON operation the OpenAPI document lists, with its body and query fields. */
async function operations(): Promise<Operation[]> {
  const doc = (await (await fetch(`${stack.baseUrl}/api/docs/openapi.json`)).json()) as any;
  const schemas = doc.components?.schemas ?? {};
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const content = op.requestBody?.content ?? {};
      // Uploads are multipart streams with limits of their own, tested where they are built.
      if (content['multipart/form-data']) continue;
      const ref: string | undefined = content['application/json']?.schema?.$ref;
      const schema = ref ? schemas[ref.split('/').pop() as string] : undefined;
      found.push({
        method: method.toUpperCase(),
        path,
        bodyFields: fieldsOf(schema, schemas),
        queryFields: (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name),
      });
    }
  }
  // Signing out last keeps the sessions the other requests use.
  return found.sort((a, b) => Number(a.path.includes('logout')) - Number(b.path.includes('logout')));
}

function withSegments(path: string, segment: string): string {
  return path.replace(/\{[^}]+\}/g, segment);
}

describe('no input gets a 5xx', () => {
  it('answers every endpoint with a 4xx or a success for hostile paths, queries and bodies, and stays healthy', async () => {
    const who = { user: await member('user'), moderator: await member('moderator') };
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(25);
    // The routes added last are in the document, so in the fuzz, nested fields and all.
    const listed = ops.map((op) => `${op.method} ${op.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/push/key',
        'GET /api/push/subscriptions',
        'POST /api/push/subscriptions',
        'DELETE /api/push/subscriptions/{id}',
        'GET /api/users/me/passkeys',
        'POST /api/users/me/passkeys/registration-options',
        'POST /api/users/me/passkeys/confirmation-options',
        'POST /api/users/me/passkeys',
        'PATCH /api/users/me/passkeys/{id}',
        'DELETE /api/users/me/passkeys/{id}',
        'POST /api/auth/passkey/options',
        'POST /api/auth/passkey',
        'GET /api/users/me/sessions',
        'POST /api/users/me/sessions/end-others',
        'DELETE /api/users/me/sessions/{id}',
        'POST /api/auth/sessions/end-by-link',
        'GET /api/users/me/export',
        'POST /api/users/me/export',
        'GET /api/users/me/export/download',
        'GET /api/users/me/deletion',
        'POST /api/users/me/deletion',
        'DELETE /api/users/me/deletion',
        'GET /api/auth/oidc/providers',
        'POST /api/auth/oidc/{provider}/start',
        'GET /api/auth/oidc/{provider}/callback',
        'POST /api/auth/oidc/sign-up',
        'GET /api/users/me/identities',
        'POST /api/users/me/identities/{provider}',
        'DELETE /api/users/me/identities/{id}',
      ]),
    );
    // The password, or in its place a passkey's answer (fuzzed down to its nested fields) or a fresh provider sign-in.
    expect(ops.find((op) => op.method === 'POST' && op.path === '/api/users/me/deletion')?.bodyFields).toEqual(
      expect.arrayContaining(['password', 'passkey', 'passkey.response', 'providerSignIn', 'confirmation', 'code']),
    );
    expect(ops.find((op) => op.method === 'POST' && op.path === '/api/users/me/two-step/disable')?.bodyFields).toEqual(
      expect.arrayContaining(['password', 'passkey', 'passkey.rawId', 'providerSignIn', 'code']),
    );
    expect(ops.find((op) => op.method === 'POST' && op.path === '/api/auth/sessions/end-by-link')?.bodyFields).toEqual(['token']);
    expect(ops.find((op) => op.method === 'GET' && op.path === '/api/users/me/export/download')?.queryFields).toEqual(['token']);
    expect(ops.find((op) => op.method === 'POST' && op.path === '/api/auth/oidc/sign-up')?.bodyFields).toEqual(
      expect.arrayContaining(['token', 'username', 'rememberMe', 'language']),
    );
    // The WebAuthn answers are fuzzed down to their nested fields.
    expect(ops.find((op) => op.method === 'POST' && op.path === '/api/users/me/passkeys')?.bodyFields).toEqual(
      expect.arrayContaining(['name', 'response', 'response.id', 'response.type', 'response.response']),
    );
    expect(ops.find((op) => op.method === 'POST' && op.path === '/api/auth/passkey')?.bodyFields).toEqual(
      expect.arrayContaining(['attempt', 'rememberMe', 'response.rawId', 'response.response']),
    );
    expect(ops.find((op) => op.method === 'POST' && op.path === '/api/push/subscriptions')?.bodyFields).toEqual(
      expect.arrayContaining(['endpoint', 'keys.p256dh', 'keys.auth', 'expirationTime']),
    );
    const failures: string[] = [];
    let sent = 0;
    const check = async (c: ApiClient, method: string, path: string, body?: unknown) => {
      const text = method === 'GET' || body === undefined ? undefined : toJsonText(body);
      const res = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: { origin: stack.origin, cookie: `sid=${c.sid}`, 'x-forwarded-for': c.ip, ...(text ? { 'content-type': 'application/json' } : {}) },
        body: text,
      });
      const answer = await res.text();
      sent++;
      if (res.status >= 500) failures.push(`${method} ${path} ${text?.slice(0, 120)} -> ${res.status} ${answer.slice(0, 200)}`);
    };

    for (const op of ops) {
      for (const c of [who.user, who.moderator]) {
        for (const segment of op.path.includes('{') ? HOSTILE_SEGMENTS : []) await check(c, op.method, withSegments(op.path, segment), {});
        const path = withSegments(op.path, '1');
        for (const field of op.queryFields) {
          for (const value of HOSTILE_QUERIES) await check(c, op.method, `${path}?${field}=${value}`);
        }
        if (op.method === 'GET' || op.method === 'DELETE') continue;
        for (const [, body] of HOSTILE_BODIES) await check(c, op.method, path, body);
        for (const field of op.bodyFields) {
          for (const [, value] of HOSTILE_VALUES) await check(c, op.method, path, withField(field, value));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);

    // Healthy afterwards: every service behind this stack answers.
    const health = await new ApiClient(stack, '10.0.0.9').get('/api/health');
    for (const service of [ServiceName.Auth, ServiceName.Chat, ServiceName.Marketplace, ServiceName.Media]) expect(health.body.services[service].ok).toBe(true);
    expect(health.body.gateway.ok).toBe(true);
  }, 180_000);

  it('answers every frame type with a refusal, never an internal error, and keeps the socket working', async () => {
    const c = await member('vip');
    const me = (await c.get('/api/users/me')).body;
    const room = await c.post('/api/rooms', { name: uniqueName('Fuzz'), category: 'general' });
    expect(room.status).toBe(201);
    const socket = new TestSocket(new WebSocket(`${stack.baseUrl.replace('http', 'ws')}/ws`, { headers: { origin: stack.origin, cookie: `sid=${c.sid}` } }));
    await socket.opened;
    socket.send({ type: 'auth', userId: me.id });
    await socket.next('auth_success');

    const types = stack.gateway.get(SocketRegistry).frameTypes();
    expect(types).toEqual(expect.arrayContaining(['auth', 'join_room', 'leave_room', 'send_message']));
    const raw = ['not json', '[]', 'null', '"text"', toJsonText({ type: 'send_message', content: deep(5000) })];
    for (const text of raw) socket.ws.send(text);
    // Frames past the socket's 16 KB limit close it (1009), as they should: fuzz below it.
    expect(types).toEqual(expect.arrayContaining(['typing', 'call_offer', 'call_answer', 'call_ice', 'call_heartbeat']));
    expect(FRAME_FIELDS).toEqual(expect.arrayContaining(['content', 'clientId', 'sessionId', 'sdp', 'media', 'candidate.sdpMid', 'formatting.bold']));
    for (const type of types.filter((t) => t !== 'auth')) {
      for (const field of FRAME_FIELDS) {
        for (const [, value] of HOSTILE_VALUES) {
          const text = toJsonText({ type, ...withField(field, value) });
          if (text.length < 16 * 1024) socket.ws.send(text);
        }
      }
      socket.send({ type, roomId: 99_999_999_999 });
    }
    // Frames of one socket are handled in order: the answer to this one means all were handled.
    socket.send({ type: 'auth', userId: me.id });
    await socket.next('auth_success', 20_000);

    const internal = socket.frames.filter((f) => f.type === 'error' && f.code === 'internal');
    expect(internal).toEqual([]);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);

    socket.send({ type: 'join_room', roomId: room.body.id });
    await socket.next('room_joined');
    socket.send({ type: 'send_message', roomId: room.body.id, content: 'still here', clientId: 'after-fuzz' });
    expect((await socket.next('message_ack')).message.content).toBe('still here');
    socket.ws.close();
  }, 60_000);

  it('refuses each input that once answered 500, with a 400 naming the field, and stores nothing', async () => {
    const c = await member('vip');
    const room = (await c.post('/api/rooms', { name: uniqueName('Named'), category: 'general' })).body;
    const raw = (method: string, path: string, text: string) =>
      fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: { origin: stack.origin, cookie: `sid=${c.sid}`, 'x-forwarded-for': c.ip, 'content-type': 'application/json' },
        body: text,
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));

    expect((await c.get('/api/rooms/2147483648')).body).toMatchObject({
      code: 'validation_failed',
      fields: { id: [expect.any(String)] },
      fieldCodes: { id: [{ code: 'whole_number_from', params: { field: 'id', min: 1, max: 2147483647 } }] },
    });
    // A body that is no JSON, or too large, is refused before any rule, with its code beside the English.
    expect(await raw('POST', `/api/rooms/${room.id}/messages`, '{"content": "a",')).toMatchObject({
      status: 400,
      body: { message: 'Request body is not valid JSON', messageCode: { code: 'body_not_json' } },
    });
    expect(await raw('POST', `/api/rooms/${room.id}/messages`, JSON.stringify({ content: 'x'.repeat(2_000_000) }))).toMatchObject({
      status: 413,
      body: { message: 'Request body is too large', messageCode: { code: 'body_too_large' } },
    });
    for (const query of ['afterSeq=2147483648', 'after=9223372036854775808', 'before=2147483648']) {
      expect((await c.get(`/api/rooms/${room.id}/messages?${query}`)).status).toBe(400);
    }
    const send = (body: unknown) => c.post(`/api/rooms/${room.id}/messages`, body);
    expect(await send({ content: 42 })).toMatchObject({ status: 400, body: { fields: { content: expect.any(Array) } } });
    expect((await send({ content: { toString: 'x' } })).status).toBe(400);
    expect(await send({ content: 'a\u0000b' })).toMatchObject({
      status: 400,
      body: { fields: { content: ['Text must not contain the NUL character'] }, fieldCodes: { content: [{ code: 'text_nul' }] } },
    });
    expect((await raw('POST', `/api/rooms/${room.id}/messages`, '{"content":"a\\ud800b"}')).body).toMatchObject({
      fields: { content: ['Text must be valid Unicode (no unpaired surrogates)'] },
    });
    expect((await raw('POST', `/api/rooms/${room.id}/messages`, toJsonText({ content: deep(3000) }))).status).toBe(400);
    expect((await c.get(`/api/rooms/${room.id}/messages`)).body).toEqual([]);

    expect(await c.request('PATCH', '/api/users/me', { username: null })).toMatchObject({ status: 400, body: { fields: { username: expect.any(Array) } } });
    expect((await c.request('PUT', '/api/users/me/settings', { notifications: ['x'], privacy: {}, chat: {} })).status).toBe(400);
    expect((await c.post('/api/rooms/private', { userId: 5, originRoomId: 2_147_483_648 })).status).toBe(400);
  });
});

describe('an outbox replayed', () => {
  it('stores a client id once, however often and wherever it is sent again, and answers each retry with that message', async () => {
    const c = await member('vip');
    const room = await c.post('/api/rooms', { name: uniqueName('Outbox'), category: 'general', messageCooldown: 0 });
    expect(room.status).toBe(201);
    const roomId = room.body.id as number;
    const tabs = [await enterRoom(stack, c, roomId), await enterRoom(stack, c, roomId)];
    const clientId = 'outbox-replay-1';

    // A device back online flushing its outbox from two tabs and over REST at the same moment.
    const rest = Array.from({ length: 4 }, () => c.post(`/api/rooms/${roomId}/messages`, { content: 'sent once', clientId }));
    for (const tab of tabs) for (let i = 0; i < 4; i++) tab.send({ type: 'send_message', roomId, content: 'sent once', clientId });
    const answers = (await Promise.all(rest)).filter((res) => res.status < 300).map((res) => res.body.id as number);
    for (const tab of tabs) {
      const acks = await eventually(() => {
        const heard = tab.frames.filter((f) => f.clientId === clientId && (f.type === 'message_ack' || f.type === 'error'));
        expect(heard).toHaveLength(4);
        return heard.filter((f) => f.type === 'message_ack');
      });
      answers.push(...acks.map((f) => f.message.id as number));
    }
    expect(answers.length).toBeGreaterThan(0);
    const [id] = answers;
    expect(new Set(answers)).toEqual(new Set([id]));

    // A replay later, even with other words, is answered with what was stored.
    const later = await c.post(`/api/rooms/${roomId}/messages`, { content: 'rewritten', clientId });
    expect(later.body).toMatchObject({ id, content: 'sent once' });
    const stored = (await c.get(`/api/rooms/${roomId}/messages`)).body as Array<{ id: number; content: string }>;
    expect(stored.map((m) => [m.id, m.content])).toEqual([[id, 'sent once']]);
    for (const tab of tabs) tab.ws.close();
  });
});
