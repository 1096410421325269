/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import { SEARCH_PAGE_SIZE, SearchMessages } from '@app/contracts';
import { uniqueName } from '@app/testing';
import { startModerationStack, type Member, type ModerationStack } from './moderation-stack';

jest.setTimeout(60_000);

/** Message search reads only what the searcher may read: public rooms and their own private chats. */
describe('message search through the gateways', () => {
  let s: ModerationStack;
  let host: Member;

  beforeAll(async () => {
    s = await startModerationStack();
    host = await s.member('moderator');
  }, 120_000);

  afterAll(() => s?.stop());

  async function hall(): Promise<{ id: number; name: string }> {
    const made = await host.client.post('/api/rooms', { name: uniqueName('Hall'), category: 'general', messageCooldown: 0 });
    expect(made.status).toBe(201);
    return made.body;
  }
  async function enter(member: Member, roomId: number) {
    const socket = await s.socket(member.client, member.user.id);
    socket.send({ type: 'join_room', roomId });
    await socket.next('room_joined');
    return socket;
  }
  async function say(member: Member, roomId: number, content: string) {
    const sent = await member.client.post(`/api/rooms/${roomId}/messages`, { content });
    expect(sent.status).toBe(201);
    return sent.body;
  }
  const search = (member: Member, q: string, before?: number) =>
    member.client.get(`/api/search/messages?q=${encodeURIComponent(q)}${before ? `&before=${before}` : ''}`);
  const contents = (body: any) => body.results.map((r: any) => r.message.content);

  it('finds words in public rooms and in the searcher’s own private chats, newest first, never in other people’s', async () => {
    const word = `zebra${Date.now().toString(36)}`;
    const [alice, bob, carol] = [await s.member(), await s.member(), await s.member()];
    const room = await hall();
    await enter(alice, room.id);
    await enter(bob, room.id);
    const first = await say(alice, room.id, `The ${word} crossed the road`);
    const second = await say(bob, room.id, `Another ${word.toUpperCase()} sighting today`);
    await say(bob, room.id, 'Nothing to see here');

    const chat = await alice.client.post('/api/rooms/private', { userId: bob.user.id, originRoomId: room.id });
    expect(chat.status).toBe(201);
    const secret = await say(alice, chat.body.id, `Between us: the ${word} is mine`);

    const forAlice = await search(alice, word);
    expect(forAlice.status).toBe(200);
    expect(contents(forAlice.body)).toEqual([secret.content, second.content, first.content]);
    expect(forAlice.body.results[0]).toMatchObject({ room: { id: chat.body.id, type: 'private' }, message: { id: secret.id, sender: { username: alice.username } } });
    expect(forAlice.body.results[1]).toMatchObject({ room: { id: room.id, name: room.name, type: 'public' }, message: { id: second.id, sender: { username: bob.username } } });
    expect(forAlice.body.nextCursor).toBeNull();

    // Carol reads the public room, not the private chat; several words must all match.
    expect(contents((await search(carol, word)).body)).toEqual([second.content, first.content]);
    expect(contents((await search(carol, `${word} road`)).body)).toEqual([first.content]);
    expect(contents((await search(carol, `"another ${word}"`)).body)).toEqual([second.content]);

    // A deleted conversation leaves the deleter's results; a blocked person's messages leave the blocker's.
    expect((await alice.client.request('DELETE', `/api/rooms/${chat.body.id}`)).status).toBe(200);
    expect(contents((await search(alice, word)).body)).toEqual([second.content, first.content]);
    expect(contents((await search(bob, word)).body)).toEqual([secret.content, second.content, first.content]);
    expect((await carol.client.post('/api/blocks', { userId: bob.user.id })).status).toBe(201);
    expect(contents((await search(carol, word)).body)).toEqual([first.content]);

    // A message a moderator removed is found by nobody.
    expect((await host.client.post(`/api/moderation/messages/${first.id}/delete`, { reason: 'Test' })).status).toBe(200);
    expect(contents((await search(carol, word)).body)).toEqual([]);
  });

  it('pages through many results with a cursor', async () => {
    const word = `quokka${Date.now().toString(36)}`;
    const dana = await s.member('vip');
    const room = await hall();
    await enter(dana, room.id);
    const sent: number[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i++) sent.push((await say(dana, room.id, `${word} number ${i}`)).id);

    const page1 = await search(dana, word);
    expect(page1.body.results.map((r: any) => r.message.id)).toEqual(sent.slice(3).reverse());
    const page2 = await search(dana, word, page1.body.nextCursor);
    expect(page2.body.results.map((r: any) => r.message.id)).toEqual(sent.slice(0, 3).reverse());
    expect(page2.body.nextCursor).toBeNull();
  });

  it('refuses signed-out searchers and bad queries with field messages', async () => {
    const erin = await s.member();
    expect((await s.browser().get('/api/search/messages?q=hello')).status).toBe(401);
    for (const q of ['', 'a', 'x'.repeat(101)]) {
      expect(await search(erin, q)).toMatchObject({ status: 400, body: { fields: { q: [SearchMessages.QueryLength] } } });
    }
    expect((await erin.client.get('/api/search/messages')).status).toBe(400);
    expect((await erin.client.get('/api/search/messages?q=hello&before=-1')).status).toBe(400);
    expect((await erin.client.get('/api/search/messages?q=hello&before=abc')).status).toBe(400);
    // Query syntax of any kind is words, never an error.
    for (const q of ['a & b | !c', "o'brien", '((', '"unterminated', '-- ;drop']) {
      expect((await search(erin, q)).status).toBe(200);
    }
  });
});
