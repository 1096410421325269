import { Injectable } from '@nestjs/common';
import {
  canCreateRooms,
  canEnterVipRooms,
  canModerate,
  fieldMessage,
  hasSendLimits,
  ROOM_COOLDOWN_DEFAULT,
  ROOM_MAX_USERS_DEFAULT,
  VIP_ROOM_ERROR_CODE,
  type ActorDto,
  type CreateRoomRequestDto,
  type MessageType,
  type PrivateChatSummaryDto,
  type RoomCategory,
  type RoomDto,
  type RoomOrigin,
  type RoomParticipantDto,
  type StartPrivateChatRequestDto,
  type UserSummary,
} from '@app/contracts';
import { ContentFilter, fieldRefused, rpcError, RpcErrors } from '@app/server';
import { FanoutService } from '../fanout/fanout.service';
import { SendLimitsService } from '../limits/send-limits.service';
import { PresenceService } from '../presence/presence.service';
import { ContactRules } from '../safety/contact-rules';
import { CreationLimits } from '../safety/creation-limits';
import { assertCleanRoom } from '../safety/room-text';
import { ChatUsersService } from '../users/users.service';
import { Room } from './room.entity';
import { RoomsRepository, type SummaryRow } from './rooms.repository';

const PRIVATE_ROOM_NAME = 'Private chat';

@Injectable()
export class RoomsService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly users: ChatUsersService,
    private readonly presence: PresenceService,
    private readonly fanout: FanoutService,
    private readonly contact: ContactRules,
    private readonly limits: CreationLimits,
    private readonly filter: ContentFilter,
    private readonly sendLimits: SendLimitsService,
  ) {}

  async create(dto: CreateRoomRequestDto): Promise<RoomDto> {
    if (!canCreateRooms(dto.actor.role)) throw RpcErrors.forbidden(fieldMessage('room_create_premium'));
    assertCleanRoom(this.filter, dto);
    await this.users.remember(dto.actor);
    const slot = await this.limits.takeRoom(dto.actor);
    const room = await this.rooms.insertPublic({
      name: dto.name.trim(),
      description: dto.description?.trim() || null,
      category: dto.category,
      maxUsers: dto.maxUsers ?? ROOM_MAX_USERS_DEFAULT,
      customRules: dto.customRules?.trim() || null,
      messageCooldown: dto.messageCooldown ?? ROOM_COOLDOWN_DEFAULT,
      allowImages: dto.allowImages === true,
      allowGifs: dto.allowGifs === true,
      vipOnly: dto.vipOnly === true,
      createdById: dto.actor.id,
    });
    if (!room) {
      await this.limits.release(slot);
      throw fieldRefused('name', fieldMessage('room_name_taken'), 409);
    }
    return this.toDto(room, undefined);
  }

  /** Rooms open now (archived ones left out), by activity: the most people in them, then the newest message. */
  async listPublic(q?: string, category?: RoomCategory): Promise<RoomDto[]> {
    const rooms = await this.rooms.listPublic(q, category);
    const counts = await this.onlineCounts(rooms.map((r) => r.id));
    const shaped = rooms.map((room) => this.shape(room, [], counts.get(room.id) ?? 0));
    // The repository answers the newest activity first; a stable sort keeps that order within a count.
    return shaped.sort((a, b) => b.onlineCount - a.onlineCount);
  }

  async get(roomId: number, actor: ActorDto | undefined): Promise<RoomDto> {
    const room = await this.readable(roomId, actor);
    return this.toDto(room, actor);
  }

  /**
   * The room when the actor may read it: public rooms for anyone (VIP-only ones for premium
   * roles), private ones for their two people. Every path to a room's content comes through here.
   */
  async readable(roomId: number, actor: ActorDto | undefined): Promise<Room> {
    return this.mayRead(await this.rooms.findById(roomId), actor);
  }

  /** participant: whether the actor is one of the room's participants, when the caller read it with the room. */
  private async mayRead(room: Room | null, actor: ActorDto | undefined, participant?: boolean): Promise<Room> {
    if (!room) throw RpcErrors.notFound(fieldMessage('room_not_found'));
    if (room.type === 'private' && !(actor && (participant ?? (await this.rooms.isParticipant(room.id, actor.id))))) {
      throw RpcErrors.forbidden(fieldMessage('room_not_participant'));
    }
    // The role is the session's at this request: a VIP period that ended refuses the next entry.
    if (room.vipOnly && !canEnterVipRooms(actor?.role)) throw rpcError(403, VIP_ROOM_ERROR_CODE, fieldMessage('room_vip_members_only'));
    return room;
  }

  /** Room by id, as found (null when there is none), for mayEnter to judge for several people. */
  findRoom(roomId: number): Promise<Room | null> {
    return this.rooms.findById(roomId);
  }

  /** The room (as found) when this actor may enter it to chat: readable by them, and not archived. */
  async mayEnter(found: Room | null, actor: ActorDto, participant?: boolean): Promise<Room> {
    return notArchived(await this.mayRead(found, actor, participant));
  }

  async startPrivate(dto: StartPrivateChatRequestDto): Promise<RoomDto> {
    const { actor, otherUserId } = dto;
    if (actor.role === 'guest') throw RpcErrors.forbidden(fieldMessage('private_chat_guests'));
    if (otherUserId === actor.id) throw RpcErrors.badRequest(fieldMessage('private_chat_self'));
    await this.users.remember(actor);
    let origin: Exclude<RoomOrigin, 'public'>;
    let originPublicRoomId: number | null = null;
    if (dto.sellerId) {
      origin = 'marketplace';
    } else {
      if (!dto.originRoomId) throw RpcErrors.badRequest('originRoomId is required', { originRoomId: ['originRoomId is required with userId'] });
      const originRoom = await this.rooms.findById(dto.originRoomId);
      if (!originRoom) throw RpcErrors.notFound(fieldMessage('room_not_found'));
      if (originRoom.type !== 'public') throw RpcErrors.badRequest('Private chats start from a public room');
      origin = 'room';
      originPublicRoomId = originRoom.id;
    }
    const other = (await this.users.findMany([otherUserId], { strict: true })).get(otherUserId);
    if (!other) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    const [low, high] = [actor.id, otherUserId].sort((a, b) => a - b);
    const pairKey = origin === 'marketplace' ? `m:${low}:${high}` : `r:${originPublicRoomId}:${low}:${high}`;
    const exists = await this.rooms.pairExists(pairKey);
    await this.contact.assertCanStart(actor, other, exists);
    const slot = exists ? null : await this.limits.takePrivateChat(actor);
    const { room, created } = await this.rooms.findOrCreatePrivate({
      name: origin === 'marketplace' ? (dto.sellerName?.trim() || other.username) : PRIVATE_ROOM_NAME,
      origin,
      originPublicRoomId,
      sellerId: dto.sellerId ?? null,
      sellerUserId: dto.sellerId ? otherUserId : null,
      pairKey,
      createdById: actor.id,
      participants: [actor.id, otherUserId],
    });
    // Another start of the same pair won the race: nothing new was made, nothing to count.
    if (!created) await this.limits.release(slot);
    if (created) {
      const [summary] = this.summaries(
        [{ room, otherId: actor.id, lastReadSeq: 0, lastMessage: null }],
        new Map([[actor.id, actor]]),
        otherUserId,
      );
      this.fanout.toUser(otherUserId, { type: 'private_chat_created', chat: summary, by: summaryOf(actor) });
    }
    return this.toDto(room, actor);
  }

  /** Deleting a private chat hides it for the one who deleted it; moderators may delete public rooms. */
  async delete(roomId: number, actor: ActorDto): Promise<void> {
    const room = await this.rooms.findById(roomId);
    if (!room) throw RpcErrors.notFound(fieldMessage('room_not_found'));
    if (room.type === 'public') {
      if (!canModerate(actor.role)) throw RpcErrors.forbidden(fieldMessage('room_delete_only_private'));
      await this.rooms.delete(room.id);
      return;
    }
    if (!(await this.rooms.isParticipant(room.id, actor.id))) throw RpcErrors.forbidden(fieldMessage('room_not_participant'));
    await this.rooms.hideFor(room.id, actor.id);
  }

  async chatsOf(actor: ActorDto, filter: { origin?: RoomOrigin; originPublicRoomId?: number } = {}): Promise<PrivateChatSummaryDto[]> {
    const rows = await this.rooms.summaries(actor.id, filter);
    const ids = rows.flatMap((r) => [r.otherId, r.lastMessage?.senderId ?? r.otherId]);
    const users = await this.users.findMany(ids);
    return this.summaries(rows, users, actor.id, await this.users.lastSeenOf(rows.map((r) => r.otherId)));
  }

  async chatsFromRoom(actor: ActorDto, roomId: number): Promise<PrivateChatSummaryDto[]> {
    const room = await this.rooms.findById(roomId);
    if (!room) throw RpcErrors.notFound(fieldMessage('room_not_found'));
    return this.chatsOf(actor, { originPublicRoomId: roomId });
  }

  hasConversation(userA: number, userB: number) {
    return this.rooms.hasConversation(userA, userB);
  }

  isParticipant(roomId: number, userId: number) {
    return this.rooms.isParticipant(roomId, userId);
  }

  /** A private chat read up to its newest message: the other person sees "Seen" with the time, live. */
  async markRead(roomId: number, userId: number): Promise<void> {
    const read = await this.rooms.markRead(roomId, userId);
    if (read) this.fanout.toRoom(roomId, { type: 'messages_read', roomId, userId, seq: read.seq, readAt: read.at.toISOString() });
  }

  /** `onlineCount`: the public room's, when the caller has just counted it (a join). */
  async toDto(room: Room, viewer: ActorDto | undefined, onlineCount?: number): Promise<RoomDto> {
    if (room.type === 'public') {
      const count = onlineCount ?? (await this.onlineCounts([room.id])).get(room.id) ?? 0;
      const dto = this.shape(room, [], count);
      // The room's information names its owner.
      const ownerId = room.createdById;
      dto.owner = ownerId === null ? null : ChatUsersService.summary(ownerId, await this.users.findMany([ownerId]));
      if (viewer && hasSendLimits(viewer.role, room.type)) dto.sendWait = await this.sendLimits.pendingWait(viewer.id, room.id);
      return dto;
    }
    const participants = await this.rooms.participants(room.id);
    const ids = participants.map((p) => p.userId);
    const [users, lastSeen] = await Promise.all([this.users.findMany(ids), this.users.lastSeenOf(ids)]);
    const people = participants.map((p) => ({
      ...ChatUsersService.summary(p.userId, users),
      lastSeen: lastSeen.get(p.userId) ?? null,
      lastRead: p.lastReadAt ? { seq: p.lastReadSeq, at: p.lastReadAt.toISOString() } : null,
    }));
    const dto = this.shape(room, people, 0);
    if (viewer) {
      dto.name = this.nameFor(room, viewer.id, people.find((p) => p.id !== viewer.id));
      Object.assign(dto, await this.contact.replyState(room.id, viewer.id));
    }
    return dto;
  }

  /** People in each room as others may count them: those who hide their online status are left out. */
  private onlineCounts(roomIds: number[]): Promise<Map<number, number>> {
    return this.presence.counts(roomIds, (userIds) => this.users.hidingOnline(userIds));
  }

  private shape(room: Room, participants: RoomParticipantDto[], onlineCount: number): RoomDto {
    return {
      id: room.id,
      name: room.name,
      type: room.type,
      category: room.category,
      description: room.description,
      customRules: room.customRules,
      maxUsers: room.maxUsers,
      messageCooldown: room.messageCooldown,
      allowImages: room.allowImages,
      allowGifs: room.allowGifs,
      vipOnly: room.vipOnly,
      origin: room.origin,
      originPublicRoomId: room.originPublicRoomId,
      sellerId: room.sellerId,
      participants,
      onlineCount,
      lastSeq: room.lastSeq,
      createdAt: new Date(room.createdAt).toISOString(),
      ownerId: room.type === 'public' ? room.createdById : null,
      canReply: true,
      blockedByYou: false,
    };
  }

  /** A buyer sees the seller's display name; everyone else sees the other person's username. */
  private nameFor(room: Room, viewerId: number, other: UserSummary | undefined): string {
    if (room.origin === 'marketplace' && room.sellerUserId !== viewerId) return room.name;
    return other?.username ?? room.name;
  }

  private summaries(
    rows: SummaryRow[],
    users: Map<number, UserSummary>,
    viewerId: number,
    lastSeen = new Map<number, string | null>(),
  ): PrivateChatSummaryDto[] {
    return rows.map(({ room, otherId, lastReadSeq, lastMessage }) => {
      const other = { ...ChatUsersService.summary(otherId, users), lastSeen: lastSeen.get(otherId) ?? null };
      return {
        id: room.id,
        name: this.nameFor(room, viewerId, other),
        origin: room.origin,
        originPublicRoomId: room.originPublicRoomId,
        sellerId: room.sellerId,
        otherParticipant: other,
        hasUnreadMessages: room.lastSeq > lastReadSeq,
        lastMessage: lastMessage
          ? {
              id: lastMessage.id,
              content: lastMessage.content,
              type: lastMessage.type as MessageType,
              createdAt: new Date(lastMessage.createdAt).toISOString(),
              sender: ChatUsersService.summary(lastMessage.senderId, users),
              ...(lastMessage.removedById !== null ? { removedBy: lastMessage.removedById === lastMessage.senderId ? ('sender' as const) : ('moderator' as const) } : {}),
            }
          : null,
        lastActivityAt: new Date(room.lastMessageAt ?? room.createdAt).toISOString(),
      };
    });
  }
}


export function summaryOf(actor: ActorDto): UserSummary {
  return { id: actor.id, username: actor.username, avatar: actor.avatar ?? null, role: actor.role };
}

function notArchived(room: Room): Room {
  if (room.archivedAt) throw RpcErrors.forbidden(fieldMessage('room_archived'));
  return room;
}
