import 'reflect-metadata';
import { MikroORM, type Knex } from '@mikro-orm/postgresql';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { AuthPatterns, ROOM_CATEGORY_KEYS, type RoomCategory, type UserSummary } from '@app/contracts';
import { ensureDatabase, migrate, natsServerOptions, ormOptions, RpcClient } from '@app/server';
import { chatEnv } from './config/chat-env';
import { Message } from './messages/message.entity';
import { migrations } from './migrations';
import { RoomParticipant } from './rooms/room-participant.entity';
import { Room } from './rooms/room.entity';
import { ChatUser } from './users/chat-user.entity';

interface SeedRoom {
  name: string;
  category: RoomCategory;
  description: string;
  vipOnly?: boolean;
  /** Images and GIFs may be sent (by the members whose role may send them). */
  pictures?: boolean;
  welcome?: Array<[username: string, content: string]>;
}

/** Public rooms in every category; some open with a few words from the team and experts. */
export const ROOMS: SeedRoom[] = [
  {
    name: 'General Lounge',
    category: 'general',
    description: 'Say hello, meet new people and talk about anything. Be kind and keep it friendly.',
    welcome: [
      ['moderator', 'Welcome to the General Lounge! Please read the community guidelines and have fun.'],
      ['vip', 'Hi all, glad to be here. How is everyone doing today?'],
      ['user', 'Hello! First time here, this place looks great.'],
    ],
  },
  {
    name: 'Dating & Romance',
    category: 'dating',
    description: 'Share stories, ask for advice on first dates and relationships, and meet like-minded people.',
    welcome: [['expert01', 'Dating can feel overwhelming. Ask me anything about first dates or online profiles.']],
  },
  {
    name: 'Career Corner',
    category: 'career',
    description: 'CVs, interviews, promotions and career changes: ask questions and help others grow.',
    welcome: [
      ['expert02', 'Preparing for an interview this week? Share the role and I will suggest three questions to practise.'],
      ['seller', 'Tip of the day: tailor your CV summary to each job you apply for.'],
    ],
  },
  { name: 'Friendship Circle', category: 'friendship', description: 'Find friends with shared hobbies, plan meetups and keep in touch.' },
  {
    name: 'Emotional Support',
    category: 'emotional',
    description: 'A calm space to talk about how you feel. Listen first, judge never. In a crisis call 988.',
    welcome: [['moderator', 'This room is moderated around the clock. Be gentle with each other.']],
  },
  { name: 'Movies & Shows', category: 'entertainment', description: 'What are you watching? Reviews, recommendations and spoiler-free chats.' },
  { name: 'Tech Talk', category: 'technology', description: 'Gadgets, programming, AI news and help with your tech problems.' },
  { name: 'Gamers Guild', category: 'gaming', description: 'Console, PC and mobile games: find teammates and share your best plays.' },
  { name: 'Music Lounge', category: 'music', description: 'Share your playlists, discover new artists and talk about concerts.' },
  { name: 'Sports Arena', category: 'sports', description: 'Live match talk, predictions and fitness tips from fellow fans.' },
  {
    name: 'VIP Lounge',
    category: 'general',
    description: 'An exclusive room for VIP members, experts and moderators.',
    vipOnly: true,
    pictures: true,
    welcome: [['vip', 'Welcome to the VIP Lounge! Voice notes and images are all welcome here.']],
  },
];

async function lookUpUsers(natsUrl: string, usernames: string[]): Promise<Map<string, UserSummary>> {
  const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { ...natsServerOptions(natsUrl), name: 'chat-seed' } });
  try {
    const rpc = new RpcClient(client as never);
    const users = await rpc.request(AuthPatterns.FindByUsernames, { usernames }, 5000);
    return new Map(users.map((u) => [u.username.toLowerCase(), u]));
  } catch (error) {
    console.warn(`Demo users not found (${(error as Error).message}); seeding rooms without messages`);
    return new Map();
  } finally {
    await client.close();
  }
}

/** What a seed run did to the rooms: made, put back to the seed's settings, or found as they should be. */
export interface RoomSeedCount {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Makes the seeded public rooms, and puts an existing one back to the settings the seed gives it
 * (category, description, VIP only, pictures): a database seeded by an older version gets what
 * this one says, as the demo accounts do. Rooms people made are never touched, even of the same
 * name. A room without messages gets its welcome words from the `users` found.
 */
export async function seedRooms(knex: Knex, users: Map<string, UserSummary>): Promise<RoomSeedCount> {
  const count: RoomSeedCount = { created: 0, updated: 0, unchanged: 0 };
  for (const room of ROOMS) {
    if (!ROOM_CATEGORY_KEYS.includes(room.category)) throw new Error(`Unknown category ${room.category}`);
    await knex.transaction(async (trx) => {
      const pictures = room.pictures === true;
      const written = await trx.raw(
        `insert into rooms (name, type, category, description, vip_only, allow_images, allow_gifs, origin) values (?, 'public', ?, ?, ?, ?, ?, 'public')
         on conflict (lower(name)) where type = 'public' do update
           set category = excluded.category, description = excluded.description, vip_only = excluded.vip_only,
               allow_images = excluded.allow_images, allow_gifs = excluded.allow_gifs
           where rooms.created_by_id is null
             and (rooms.category, rooms.description, rooms.vip_only, rooms.allow_images, rooms.allow_gifs)
                 is distinct from (excluded.category, excluded.description, excluded.vip_only, excluded.allow_images, excluded.allow_gifs)
         returning id, (xmax = 0) as created`,
        [room.name, room.category, room.description, room.vipOnly === true, pictures, pictures],
      );
      const row = written.rows[0] as { id: number; created: boolean } | undefined;
      if (row?.created) count.created++;
      else if (row) count.updated++;
      else count.unchanged++;
      const id = row?.id ?? (await trx.raw(`select id from rooms where type = 'public' and lower(name) = lower(?)`, [room.name])).rows[0].id;
      const { rows } = await trx.raw('select count(*)::int as n from messages where room_id = ?', [id]);
      if (rows[0].n > 0) return;
      for (const [username, content] of room.welcome ?? []) {
        const sender = users.get(username);
        if (!sender) continue;
        const bumped = await trx.raw('update rooms set last_seq = last_seq + 1, last_message_at = now() where id = ? returning last_seq', [id]);
        await trx.raw(`insert into messages (room_id, seq, sender_id, content, type) values (?, ?, ?, ?, 'text')`, [id, bumped.rows[0].last_seq, sender.id, content]);
      }
    });
  }
  return count;
}

async function seed() {
  const env = chatEnv();
  await ensureDatabase(env.CHAT_DATABASE_URL);
  const orm = await MikroORM.init(
    ormOptions({ databaseUrl: env.CHAT_DATABASE_URL, entities: [ChatUser, Room, RoomParticipant, Message], migrations }),
  );
  try {
    await migrate(orm);
    const knex = orm.em.getConnection().getKnex();
    const names = [...new Set(ROOMS.flatMap((r) => (r.welcome ?? []).map(([u]) => u)))];
    const users = await lookUpUsers(env.NATS_URL, names);
    for (const u of users.values()) {
      await knex.raw(
        `insert into chat_users (id, username, avatar, role) values (?, ?, ?, ?)
         on conflict (id) do update set username = excluded.username, avatar = excluded.avatar, role = excluded.role`,
        [u.id, u.username, u.avatar ?? null, u.role],
      );
    }
    const { created, updated, unchanged } = await seedRooms(knex, users);
    console.log(`Chat seed: ${created} new room(s), ${updated} put back to the seed's settings, ${unchanged} already in place`);
  } finally {
    await orm.close();
  }
}

if (require.main === module) {
  seed().then(
    () => process.exit(0),
    (error) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exit(1);
    },
  );
}
