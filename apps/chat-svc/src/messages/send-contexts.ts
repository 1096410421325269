import type { Knex } from '@mikro-orm/postgresql';
import { CallGroups, runPrepared, type PreparedStatement } from '@app/server';
import { MUTE_IN_FORCE } from '../moderation/mutes.repository';
import { toRoom } from '../rooms/rooms.repository';
import type { Room } from '../rooms/room.entity';

/** What the send path checks before it stores, read together (see MessagesRepository.sendContext). */
export interface SendContext {
  /**
   * Read just now (true), or put together from what this replica kept of the room (false): then
   * the sender's mute, blocks and the message under their client id are unknown, and the insert
   * stores the send only if its guard finds the room unchanged and nothing standing in the way.
   */
  fresh: boolean;
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
    case when r.type = 'private' then array(select p.user_id from room_participants p where p.room_id = r.id) end as participant_ids,
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
 * goes at once, alone. Every read is as fresh as a read of its own; what it found of the room is
 * kept for the sends whose insert guards itself (`kept`).
 */
export class SendContexts {
  private readonly known = new KeptRooms();
  private readonly groups = new CallGroups<ContextQuery, SendContext>({
    inFlight: CONTEXT_READS_IN_FLIGHT,
    max: CONTEXT_READS_MAX,
    run: async (group) => {
      if (group.length === 1) {
        // Alone, by the statement planned for one room: cheaper for PostgreSQL than a list of one.
        const { roomId, senderId, clientId } = group[0].input;
        const [row] = await runPrepared(this.knex(), SEND_CONTEXT, [roomId, senderId, clientId]);
        return group[0].resolve(this.readFrom(group[0].input, row));
      }
      const columns = [group.map((c) => c.input.roomId), group.map((c) => c.input.senderId), group.map((c) => c.input.clientId)];
      const rows = await runPrepared(this.knex(), SEND_CONTEXTS, columns);
      for (const row of rows) group[Number(row.ord) - 1].resolve(this.readFrom(group[Number(row.ord) - 1].input, row));
    },
  });

  constructor(private readonly knex: () => Knex) {}

  /** Read now, as fresh as a read of its own. */
  read(query: ContextQuery): Promise<SendContext> {
    return this.groups.call(query);
  }

  /**
   * From what this replica kept of the room, with no round trip; read now when it kept nothing of
   * it, or when the sender was last seen muted (so a muted person is refused before their send
   * counts against any limit). Only for a send whose insert guards itself (SendGuard).
   */
  kept(query: ContextQuery): Promise<SendContext> {
    const known = this.known.room(query.roomId);
    if (!known || this.known.mutedUntil(query.senderId) !== null) return this.read(query);
    const { room, participantIds } = known;
    const otherId = participantIds?.find((id) => id !== query.senderId);
    return Promise.resolve({
      fresh: false,
      room,
      participant: participantIds?.includes(query.senderId) ?? false,
      mutedUntil: null,
      earlierId: null,
      other: otherId === undefined ? null : { id: otherId, blockedBySender: false, blocksSender: false },
    });
  }

  /** The room changed, went, or a guard refused a send in it: the next send reads it again. */
  forget(roomId: number): void {
    this.known.forgetRoom(roomId);
  }

  private readFrom(query: ContextQuery, row: Record<string, unknown> | undefined): SendContext {
    const context = toSendContext(row);
    if (context.room) this.known.keepRoom(context.room, participantIdsOf(row));
    else this.known.forgetRoom(query.roomId);
    this.known.keepMute(query.senderId, context.mutedUntil);
    return context;
  }
}

/** The most rooms a replica keeps; past it, it starts again empty (a read each brings them back). */
const KEPT_ROOMS_MAX = 20_000;

/**
 * Rooms as last read by this replica's sends, with a private room's two people (who never
 * change), and the senders last read muted. Nothing here is trusted on its own: a send from it
 * is stored only if the insert's guard agrees, and a refusal is made only on a fresh read.
 */
class KeptRooms {
  private readonly rooms = new Map<number, { room: Room; participantIds: number[] | null }>();
  private readonly mutes = new Map<number, number>();

  room(roomId: number) {
    return this.rooms.get(roomId);
  }

  keepRoom(room: Room, participantIds: number[] | null) {
    if (this.rooms.size >= KEPT_ROOMS_MAX) this.rooms.clear();
    this.rooms.set(room.id, { room, participantIds });
  }

  forgetRoom(roomId: number) {
    this.rooms.delete(roomId);
  }

  /** The end of the sender's mute as last read, while it lasts. */
  mutedUntil(userId: number): number | null {
    const until = this.mutes.get(userId);
    if (until === undefined) return null;
    if (until > Date.now()) return until;
    this.mutes.delete(userId);
    return null;
  }

  keepMute(userId: number, mutedUntil: Date | null) {
    if (mutedUntil) {
      if (this.mutes.size >= KEPT_ROOMS_MAX) this.mutes.clear();
      this.mutes.set(userId, mutedUntil.getTime());
    } else this.mutes.delete(userId);
  }
}

function participantIdsOf(row: Record<string, unknown> | undefined): number[] | null {
  return Array.isArray(row?.participant_ids) ? row.participant_ids.map(Number) : null;
}

/** A context row; none, or one whose room columns are null (SEND_CONTEXTS), when the room does not exist. */
function toSendContext(row: Record<string, unknown> | undefined): SendContext {
  if (!row || row.id === null) return { fresh: true, room: null, participant: false, mutedUntil: null, earlierId: null, other: null };
  return {
    fresh: true,
    room: toRoom(row),
    participant: row.sender_participates === true,
    mutedUntil: row.sender_muted_until ? new Date(row.sender_muted_until as string) : null,
    earlierId: row.earlier_id === null ? null : Number(row.earlier_id),
    other: (row.other as PrivatePeer | null) ?? null,
  };
}
