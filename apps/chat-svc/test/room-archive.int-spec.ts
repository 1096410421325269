import 'reflect-metadata';
import { ChatMessages, ChatPatterns, ROOM_ARCHIVE_AFTER_MS, type RoomDto } from '@app/contracts';
import { ManualClock } from '@app/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import { RoomArchiver } from '../src/rooms/room-archiver.service';
import { startChatHarness, type ChatHarness } from './chat-harness';

const DAY = 24 * 60 * 60 * 1000;

/** Idle public rooms people made are archived by the periodic sweep, measured by a clock the test moves. */
describe('archiving idle rooms', () => {
  let h: ChatHarness;
  const clock = new ManualClock(Date.now());
  const sql = (query: string, params: unknown[] = []) => h.apps[0].get(MikroORM).em.getConnection().execute(query, params);
  const listed = async () => (await h.call<RoomDto[]>(ChatPatterns.ListPublicRooms, {})).map((room) => room.name);

  beforeAll(async () => {
    h = await startChatHarness({ clock });
  });
  afterAll(() => h.stop());

  it('archives a room people made after 30 days without a message, never a seeded one, and refuses to let anyone in', async () => {
    const vip = h.actor('vip');
    const idle = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Quiet Corner', category: 'general', messageCooldown: 0, actor: vip });
    const lively = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Busy Street', category: 'general', messageCooldown: 0, actor: vip });
    await h.enter(vip, lively.id);
    await h.call(ChatPatterns.SendMessage, { actor: vip, roomId: lively.id, content: 'Still talking here' });
    // A seeded room has no creator; it is as silent as the idle one.
    await sql(`insert into rooms (name, type, category, origin) values ('Seeded Hall', 'public', 'general', 'public')`);
    // The lively room's newest message came 10 days after it opened (the database stamps messages with its own time).
    await sql(`update rooms set last_message_at = created_at + interval '10 days' where id = ?`, [lively.id]);
    const archiver = h.apps[0].get(RoomArchiver);

    clock.advance(ROOM_ARCHIVE_AFTER_MS - DAY);
    expect(await archiver.sweep()).toEqual([]);
    clock.advance(DAY + 60_000);
    expect(await archiver.sweep()).toEqual([idle.id]);
    // A second sweep (another replica, the next hour) finds nothing more.
    expect(await archiver.sweep()).toEqual([]);

    const names = await listed();
    expect(names).toEqual(expect.arrayContaining(['Busy Street', 'Seeded Hall']));
    expect(names).not.toContain('Quiet Corner');
    const refused = await h.fail(ChatPatterns.JoinRoom, { actor: h.actor('user'), roomId: idle.id, instance: 'harness-gateway', socketId: 'late-visitor' });
    expect(refused).toMatchObject({ status: 403, message: ChatMessages.RoomArchived });
    // Its history stays readable to whoever has the link.
    expect(await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: idle.id })).toMatchObject({ id: idle.id });

    // Ten more days without a message, and the lively room goes too; the seeded hall stays.
    clock.advance(10 * DAY);
    expect(await archiver.sweep()).toEqual([lively.id]);
    expect(await listed()).toContain('Seeded Hall');
  });

  it('lists rooms by activity: the most people in them first, then the newest message', async () => {
    const moderator = h.actor('moderator');
    const make = (name: string) => h.call<RoomDto>(ChatPatterns.CreateRoom, { name, category: 'music', messageCooldown: 0, actor: moderator });
    const older = await make('Older Tunes');
    await make('Newer Tunes');
    const crowded = await make('Crowded Tunes');
    await h.enter(moderator, older.id);
    await h.call(ChatPatterns.SendMessage, { actor: moderator, roomId: older.id, content: 'A song from before' });
    await h.call(ChatPatterns.LeaveRoom, { userId: moderator.id, roomId: older.id, instance: 'harness-gateway', socketId: `harness-${moderator.id}` });
    await sql(`update rooms set last_message_at = now() - interval '1 hour' where id = ?`, [older.id]);
    const guest = h.actor('user');
    await h.enter(guest, crowded.id);
    const music = await h.call<RoomDto[]>(ChatPatterns.ListPublicRooms, { category: 'music' });
    expect(music.map((room) => room.name)).toEqual(['Crowded Tunes', 'Newer Tunes', 'Older Tunes']);
    expect(music[0].onlineCount).toBe(1);
  });
});
