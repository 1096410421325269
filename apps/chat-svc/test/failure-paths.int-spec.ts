import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuthPatterns, ChatMessages, ChatPatterns, type RoomDto } from '@app/contracts';
import { RpcCallError, RpcClient } from '@app/server';
import { RoomsService } from '../src/rooms/rooms.service';
import { startChatHarness, type ChatHarness } from './chat-harness';

describe('chat-svc when something else fails under it', () => {
  let h: ChatHarness;

  beforeAll(async () => {
    h = await startChatHarness();
  });
  afterAll(() => h.stop());

  it('answers 404 "Room not found" when the room is deleted after the checks and before the message is stored', async () => {
    const moderator = h.actor('moderator');
    const room = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Short-lived', category: 'general', messageCooldown: 0, actor: moderator });
    const sender = h.actor('vip');
    await h.enter(sender, room.id);
    const [app] = h.apps;
    const rooms = app.get(RoomsService);
    const mayEnter = rooms.mayEnter.bind(rooms);
    // The room passes the sender's checks, then a moderator's delete commits before the insert.
    const spy = jest.spyOn(rooms, 'mayEnter').mockImplementationOnce(async (...args: Parameters<RoomsService['mayEnter']>) => {
      const found = await mayEnter(...args);
      await app.get(EntityManager).fork().getConnection().execute('delete from rooms where id = ?', [room.id]);
      return found;
    });
    try {
      const error = await h.fail(ChatPatterns.SendMessage, { actor: sender, roomId: room.id, content: 'anyone here?' });
      expect(error).toMatchObject({ status: 404, code: 'not_found', message: ChatMessages.RoomNotFound });
      // The insert found the room gone and the send was judged again on a fresh read, which found no room.
      expect(spy.mock.calls.map(([found]) => found?.id ?? null)).toEqual([room.id, null]);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 503, not "User not found", while the accounts service cannot say who a user is', async () => {
    const publicRoom = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Meeting point', category: 'general', actor: h.actor('moderator') });
    const rpc = h.apps[0].get(RpcClient);
    const request = rpc.request.bind(rpc);
    // What RpcClient itself answers when auth-svc times out or has no responders.
    const spy = jest.spyOn(rpc, 'request').mockImplementation((pattern: string, data: unknown, timeoutMs?: number) =>
      pattern === AuthPatterns.GetUsers
        ? Promise.reject(new RpcCallError({ status: 503, code: 'service_unavailable', message: 'Service temporarily unavailable. Please try again.' }))
        : request(pattern as never, data as never, timeoutMs),
    );
    try {
      const stranger = 987_654;
      const error = await h.fail(ChatPatterns.StartPrivateChat, { actor: h.actor('user'), otherUserId: stranger, originRoomId: publicRoom.id });
      expect(error).toMatchObject({ status: 503, code: 'service_unavailable' });
    } finally {
      spy.mockRestore();
    }
    const error = await h.fail(ChatPatterns.StartPrivateChat, { actor: h.actor('user'), otherUserId: 987_654, originRoomId: publicRoom.id });
    expect(error).toMatchObject({ status: 404, message: ChatMessages.UserNotFound });
  });
});
