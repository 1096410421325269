import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ensureDatabase, migrate, ormOptions } from '@app/server';
import { startTestInfra, type TestInfra } from '@app/testing';
import { Message } from '../src/messages/message.entity';
import { migrations } from '../src/migrations';
import { RoomParticipant } from '../src/rooms/room-participant.entity';
import { Room } from '../src/rooms/room.entity';
import { ROOMS, seedRooms } from '../src/seed';
import { ChatUser } from '../src/users/chat-user.entity';

describe('public rooms seed', () => {
  let infra: TestInfra;
  let orm: MikroORM;
  const sql = (query: string, params: unknown[] = []) => orm.em.getConnection().execute(query, params);
  const lounge = async () => (await sql(`select vip_only, allow_images, allow_gifs, description from rooms where name = 'VIP Lounge'`))[0];

  beforeAll(async () => {
    infra = await startTestInfra();
    const databaseUrl = infra.databaseUrl('chat_seed');
    await ensureDatabase(databaseUrl);
    orm = await MikroORM.init(ormOptions({ databaseUrl, entities: [ChatUser, Room, RoomParticipant, Message], migrations }));
    await migrate(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await infra?.stop();
  });

  const seed = () => seedRooms(orm.em.getConnection().getKnex(), new Map());

  it('makes every room once; a second run changes nothing', async () => {
    expect(await seed()).toEqual({ created: ROOMS.length, updated: 0, unchanged: 0 });
    expect(await seed()).toEqual({ created: 0, updated: 0, unchanged: ROOMS.length });
    expect(await lounge()).toMatchObject({ vip_only: true, allow_images: true, allow_gifs: true });
  });

  it('puts a seeded room an older seed made with pictures off back to what the seed says', async () => {
    // As an older seed left it: the VIP Lounge without pictures.
    await sql(`update rooms set allow_images = false, allow_gifs = false where name = 'VIP Lounge'`);
    expect(await seed()).toEqual({ created: 0, updated: 1, unchanged: ROOMS.length - 1 });
    expect(await lounge()).toMatchObject({ vip_only: true, allow_images: true, allow_gifs: true });
  });

  it('never touches a room a person made, even under a seeded name', async () => {
    await sql(`delete from rooms where name = 'Tech Talk'`);
    await sql(`insert into rooms (name, type, category, description, created_by_id, origin) values ('tech talk', 'public', 'gaming', 'Mine', 42, 'public')`);
    expect(await seed()).toEqual({ created: 0, updated: 0, unchanged: ROOMS.length });
    expect(await sql(`select name, category, description from rooms where lower(name) = 'tech talk'`)).toEqual([{ name: 'tech talk', category: 'gaming', description: 'Mine' }]);
  });
});
