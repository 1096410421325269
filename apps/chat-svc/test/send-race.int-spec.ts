import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import { ChatMessages, ChatPatterns, type RoomDto } from '@app/contracts';
import { RoomsService } from '../src/rooms/rooms.service';
import { startChatHarness, type ChatHarness } from './chat-harness';

describe('chat-svc sends that race a room deletion', () => {
  let h: ChatHarness;

  beforeAll(async () => {
    h = await startChatHarness();
  });
  afterAll(() => h.stop());

  it('answers 404 "Room not found" when the room is deleted after the checks and before the message is stored', async () => {
    const moderator = h.actor('moderator');
    const room = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Short-lived', category: 'general', messageCooldown: 0, actor: moderator });
    const [app] = h.apps;
    const rooms = app.get(RoomsService);
    const readable = rooms.readable.bind(rooms);
    // The room passes the sender's checks, then a moderator's delete commits before the insert.
    const spy = jest.spyOn(rooms, 'readable').mockImplementationOnce(async (...args: Parameters<RoomsService['readable']>) => {
      const found = await readable(...args);
      await app.get(EntityManager).fork().getConnection().execute('delete from rooms where id = ?', [room.id]);
      return found;
    });
    try {
      const error = await h.fail(ChatPatterns.SendMessage, { actor: h.actor('vip'), roomId: room.id, content: 'anyone here?' });
      expect(error).toMatchObject({ status: 404, code: 'not_found', message: ChatMessages.RoomNotFound });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
