import type { Knex } from '@mikro-orm/postgresql';
import { CallGroups, runPrepared, type PreparedStatement } from '@app/server';
import { MUTE_IN_FORCE } from '../moderation/mutes.repository';
import { toRoom } from '../rooms/rooms.repository';
import type { Room } from '../rooms/room.entity';

/** What the send path checks before it stores, read together (see MessagesRepository.sendContext). */
export interface SendContext {
  room: Room | null;
  /** Whether the sender is one of the room's participants (what a private room asks). */
  participant: boolean;
  /** The end of the sender's mute in force, if any. */
  mutedUntil: Date | null;
  /** The sender's message already stored with this client id, if any (a retry). */
  earlierId: number | null;
  /** A private room's other person, and whether a block stands between them (either way it is read-only). */
  other: PrivatePeer | null;
}

export interface PrivatePeer {
  id: number;
  blockedBySender: boolean;
  blocksSender: boolean;
}

/** What a send's rules ask of its sender in room r, given SQL for the sender's id and the send's client id. */
const contextColumns = (senderId: string, clientId: string) => `
    exists (select 1 from room_participants p where p.room_id = r.id and p.user_id = ${senderId}) as sender_participates,
    (select m.ends_at from user_mutes m where m.user_id = ${senderId} and ${MUTE_IN_FORCE}) as sender_muted_until,
    (select e.id from messages e where e.sender_id = ${senderId} and e.client_id = ${clientId}) as earlier_id,
    (select json_build_object(
        'id', o.user_id,
        'blockedBySender', exists (select 1 from user_blocks b where b.blocker_id = ${senderId} and b.blocked_id = o.user_id),
        'blocksSender', exists (select 1 from user_blocks b where b.blocker_id = o.user_id and b.blocked_id = ${senderId}))
      from room_participants o where r.type = 'private' and o.room_id = r.id and o.user_id <> ${senderId} limit 1) as other`;

/** Asked on every send, so prepared: PostgreSQL plans it once per connection. */
const SEND_CONTEXT: PreparedStatement = {
  name: 'chat_send_context',
  text: `select r.*, ${contextColumns('$2::integer', '$3::varchar')} from rooms r where r.id = $1::integer`,
};

/** SEND_CONTEXT for sends that arrived together: one row each, in their order (ord, from 1). */
const SEND_CONTEXTS: PreparedStatement = {
  name: 'chat_send_contexts',
  text: `select i.ord, r.*, ${contextColumns('i.sender_id', 'i.client_id')}
  from unnest($1::integer[], $2::integer[], $3::varchar[]) with ordinality as i(room_id, sender_id, client_id, ord)
  left join rooms r on r.id = i.room_id`,
};

/** Reads of send contexts out at once; the sends arriving meanwhile wait and are read together. */
const CONTEXT_READS_IN_FLIGHT = 2;
/** The most sends one read serves. */
const CONTEXT_READS_MAX = 200;

interface ContextQuery {
  roomId: number;
  senderId: number;
  clientId: string | null;
}

/**
 * The send contexts of the sends that arrive while CONTEXT_READS_IN_FLIGHT reads are out are read
 * together, in one statement: under load one round trip serves many sends, at a low rate each
 * goes at once, alone. Every read is as fresh as a read of its own: nothing is kept between them.
 */
export class SendContexts {
  private readonly groups = new CallGroups<ContextQuery, SendContext>({
    inFlight: CONTEXT_READS_IN_FLIGHT,
    max: CONTEXT_READS_MAX,
    run: async (group) => {
      if (group.length === 1) {
        // Alone, by the statement planned for one room: cheaper for PostgreSQL than a list of one.
        const { roomId, senderId, clientId } = group[0].input;
        const [row] = await runPrepared(this.knex(), SEND_CONTEXT, [roomId, senderId, clientId]);
        return group[0].resolve(toSendContext(row));
      }
      const columns = [group.map((c) => c.input.roomId), group.map((c) => c.input.senderId), group.map((c) => c.input.clientId)];
      const rows = await runPrepared(this.knex(), SEND_CONTEXTS, columns);
      for (const row of rows) group[Number(row.ord) - 1].resolve(toSendContext(row));
    },
  });

  constructor(private readonly knex: () => Knex) {}

  read(query: ContextQuery): Promise<SendContext> {
    return this.groups.call(query);
  }
}

/** A context row; none, or one whose room columns are null (SEND_CONTEXTS), when the room does not exist. */
function toSendContext(row: Record<string, unknown> | undefined): SendContext {
  if (!row || row.id === null) return { room: null, participant: false, mutedUntil: null, earlierId: null, other: null };
  return {
    room: toRoom(row),
    participant: row.sender_participates === true,
    mutedUntil: row.sender_muted_until ? new Date(row.sender_muted_until as string) : null,
    earlierId: row.earlier_id === null ? null : Number(row.earlier_id),
    other: (row.other as PrivatePeer | null) ?? null,
  };
}
