import type { Knex } from '@mikro-orm/postgresql';
import { CallGroups, Metrics, runPrepared, type GroupedCall, type PreparedStatement } from '@app/server';
import { MUTE_IN_FORCE } from '../moderation/mutes.repository';
import type { NewMessage } from './messages.repository';

/**
 * A send was not stored: what it was checked against no longer holds. Its room is gone or changed
 * since the version read, or its guard found the sender muted, outside the private chat or
 * blocked there. The caller reads the context again and judges the send on it.
 */
export class SendContextStale extends Error {
  constructor(readonly roomId: number) {
    super(`The send context of room ${roomId} no longer holds`);
  }
}

/**
 * A send's guard, given SQL for its room, sender, the room version its checks read, whether its
 * sender's mute is asked (a public room), whether its contact is asked (a private room) and the
 * other person there: true while the send may be stored. Asked of the room's row under its lock.
 */
const guard = (r: string, sender: string, version: string, askMute: string, askContact: string, other: string) => `
  ${r}.version = ${version}
  and not (${askMute} and exists (select 1 from user_mutes m where m.user_id = ${sender} and ${MUTE_IN_FORCE}))
  and not (${askContact} and not exists (select 1 from room_participants p where p.room_id = ${r}.id and p.user_id = ${sender}))
  and not (${askContact} and exists (select 1 from user_blocks b
    where (b.blocker_id = ${sender} and b.blocked_id = ${other}) or (b.blocker_id = ${other} and b.blocked_id = ${sender})))`;

/** A messages row as stored (INSERT_MANY's adds its place in the batch, ord). */
type Row = Record<string, unknown>;

/** Statements in flight at once; the sends that arrive meanwhile wait and go together. */
const IN_FLIGHT = 2;
/** The most sends one statement stores. */
const BATCH_MAX = 100;

/**
 * One statement, so one round trip and atomic without a transaction around it: the guard, the
 * bump, the insert and the read marks stand or fall together (a repeated client id undoes the
 * bump, and no sequence number is skipped). $9 marks the sender's read, $10 is a reader inside
 * the chat, $11 the message a reply answers, $12-$15 the guard's values. With a generic plan the
 * read mark's first condition, on parameters only, is a one-time filter, so a public room's send
 * still scans none of its participants.
 */
const INSERT_ONE: PreparedStatement = {
  name: 'chat_insert_message',
  text: `with bumped as (
      update rooms r set last_seq = r.last_seq + 1, last_message_at = now()
      where r.id = $1::integer and ${guard('r', '$2::integer', '$12::integer', '$13::boolean', '$14::boolean', '$15::integer')}
      returning r.id, r.last_seq
    ), inserted as (
      insert into messages (room_id, seq, sender_id, content, type, formatting, metadata, client_id, mentions, reply_to_id)
      select id, last_seq, $2::integer, $3::text, $4::varchar, $5::jsonb, $6::jsonb, $7::varchar, $8::jsonb, $11::bigint
      from bumped returning *
    ), read as (
      update room_participants p set last_read_seq = inserted.seq,
        last_read_at = case when p.user_id = inserted.sender_id then p.last_read_at else inserted.created_at end
      from inserted
      where ($9::boolean or $10::integer is not null)
        and p.room_id = inserted.room_id and p.last_read_seq < inserted.seq
        and (($9::boolean and p.user_id = inserted.sender_id) or p.user_id = $10::integer)
    )
    select * from inserted`,
};

/**
 * Many sends in one statement, the same rules as INSERT_ONE: each room is bumped once by its
 * count and its messages numbered on from there in arrival order (ord). Rooms are locked in id
 * order, so two replicas' statements never wait on each other in a circle, and each send's guard
 * is asked of its room's row as locked: a send it refuses is left out and numbers nothing. Each
 * participant's read mark moves to the highest of their marks in the batch. A client id stored
 * before or twice in the batch fails the whole statement (the caller then stores one by one).
 */
const INSERT_MANY: PreparedStatement = {
  name: 'chat_insert_messages',
  text: `with input as (
      select * from unnest($1::integer[], $2::integer[], $3::text[], $4::varchar[], $5::jsonb[], $6::jsonb[], $7::varchar[], $8::jsonb[], $9::boolean[], $10::integer[], $11::bigint[],
          $12::integer[], $13::boolean[], $14::boolean[], $15::integer[])
        with ordinality as t(room_id, sender_id, content, type, formatting, metadata, client_id, mentions, mark_sender_read, reader_id, reply_to_id,
          room_version, ask_mute, ask_contact, other_id, ord)
    ), locked as (
      select id, version from rooms where id in (select room_id from input) order by id for update
    ), accepted as (
      select i.* from input i join locked l on l.id = i.room_id
      where ${guard('l', 'i.sender_id', 'i.room_version', 'i.ask_mute', 'i.ask_contact', 'i.other_id')}
    ), bumped as (
      update rooms r set last_seq = r.last_seq + c.n, last_message_at = now()
      from (select room_id, count(*)::integer as n from accepted group by room_id) c
      where r.id = c.room_id
      returning r.id, r.last_seq - c.n as seq_before
    ), numbered as (
      select i.*, b.seq_before + row_number() over (partition by i.room_id order by i.ord) as seq
      from accepted i join bumped b on b.id = i.room_id
    ), inserted as (
      insert into messages (room_id, seq, sender_id, content, type, formatting, metadata, client_id, mentions, reply_to_id)
      select room_id, seq, sender_id, content, type, formatting, metadata, client_id, mentions, reply_to_id from numbered order by ord
      returning *
    ), marks as (
      select room_id, user_id, max(seq) as seq, bool_or(by_reader) as by_reader from (
        select room_id, sender_id as user_id, seq, false as by_reader from numbered where mark_sender_read
        union all
        select room_id, reader_id, seq, true from numbered where reader_id is not null
      ) m group by room_id, user_id
    ), read as (
      update room_participants p set last_read_seq = k.seq,
        last_read_at = case when k.by_reader then now() else p.last_read_at end
      from marks k
      where p.room_id = k.room_id and p.user_id = k.user_id and p.last_read_seq < k.seq
    )
    select inserted.*, numbered.ord from inserted join numbered on numbered.room_id = inserted.room_id and numbered.seq = inserted.seq`,
};

type Pending = GroupedCall<NewMessage, Row | null>;

/**
 * Group commit: while IN_FLIGHT statements are storing sends, the sends that arrive meanwhile
 * wait and are stored together by the next one, so under load PostgreSQL commits once per
 * batch rather than once per message. At a low rate every send goes at once, alone. Each send
 * is answered only when the statement holding it has committed, so its ack still means stored;
 * a room's order is still its sequence numbers, given under the room's row lock.
 */
export class MessageInserts {
  private readonly groups = new CallGroups<NewMessage, Row | null>({ inFlight: IN_FLIGHT, max: BATCH_MAX, run: (batch) => this.store(batch) });

  constructor(private readonly knex: () => Knex) {}

  /** The stored row; null when the sender already stored a message with this client id; SendContextStale. */
  insert(message: NewMessage): Promise<Row | null> {
    return this.groups.call(message);
  }

  private async store(batch: Pending[]): Promise<void> {
    Metrics.insertBatchSize.observe(batch.length);
    if (batch.length > 1) {
      try {
        const rows = new Map((await runPrepared(this.knex(), INSERT_MANY, columnsOf(batch.map((p) => p.input)))).map((row) => [Number(row.ord), row]));
        batch.forEach((pending, index) => {
          const row = rows.get(index + 1);
          if (row) pending.resolve(row);
          else pending.reject(new SendContextStale(pending.input.roomId));
        });
        return;
      } catch (error) {
        // A client id stored already (a retry) or any one bad send: one by one, so each fails alone.
        Metrics.insertBatchRetries.inc({ reason: isRepeatedClientId(error) ? 'client_id' : 'error' });
      }
    }
    for (const pending of batch) await this.storeOne(pending.input).then(pending.resolve, pending.reject);
  }

  private async storeOne(message: NewMessage): Promise<Row | null> {
    try {
      const [row] = await runPrepared(this.knex(), INSERT_ONE, valuesOf(message));
      if (!row) throw new SendContextStale(message.roomId);
      return row;
    } catch (error) {
      if (isRepeatedClientId(error)) return null;
      throw error;
    }
  }
}

function isRepeatedClientId(error: unknown): boolean {
  return (error as { constraint?: string }).constraint === 'messages_sender_client_id_unique';
}

function valuesOf(message: NewMessage): unknown[] {
  return [
    message.roomId,
    message.senderId,
    message.content,
    message.type,
    message.formatting ? JSON.stringify(message.formatting) : null,
    message.metadata ? JSON.stringify(message.metadata) : null,
    message.clientId,
    message.mentions?.length ? JSON.stringify(message.mentions) : null,
    message.markSenderRead,
    message.readerId ?? null,
    message.replyToId ?? null,
    message.guard.roomVersion,
    message.guard.askMute,
    message.guard.askContact,
    message.guard.otherId,
  ];
}

/** The sends as INSERT_MANY's fifteen arrays, one per column. */
function columnsOf(messages: NewMessage[]): unknown[][] {
  const rows = messages.map(valuesOf);
  return rows[0].map((_, column) => rows.map((row) => row[column]));
}
