import { Injectable } from '@nestjs/common';
import {
  ChatMessages,
  ROLE_RANK,
  type JoinRoomRequestDto,
  type JoinRoomResultDto,
  type LeaveRoomRequestDto,
  type OnlineUserDto,
  type UserSummary,
} from '@app/contracts';
import { RpcErrors } from '@app/server';
import { BlocksService } from '../blocks/blocks.service';
import { FanoutService } from '../fanout/fanout.service';
import { MessagesService } from '../messages/messages.service';
import { NotificationsService } from '../notifications/notifications.service';
import { RoomsService } from '../rooms/rooms.service';
import { ChatUsersService } from '../users/users.service';
import { PresenceSweeper } from './presence-sweeper.service';
import { PresenceService, type PresenceEntry } from './presence.service';

const JOIN_HISTORY_LIMIT = 100;

/** A socket entering and leaving a room: access, maxUsers, presence, catch-up, announcements. */
@Injectable()
export class RoomEntryService {
  constructor(
    private readonly rooms: RoomsService,
    private readonly messages: MessagesService,
    private readonly presence: PresenceService,
    private readonly sweeper: PresenceSweeper,
    private readonly users: ChatUsersService,
    private readonly fanout: FanoutService,
    private readonly blocks: BlocksService,
    private readonly notifications: NotificationsService,
  ) {}

  async join(dto: JoinRoomRequestDto): Promise<JoinRoomResultDto> {
    const { actor } = dto;
    await this.users.remember(actor);
    const room = await this.rooms.enterable(dto.roomId, actor);
    const entry = await this.presence.join(room.id, dto.instance, dto.socketId, actor.id, room.maxUsers);
    if (entry.state === 'full') throw RpcErrors.forbidden(ChatMessages.RoomFull);
    if (room.type === 'private') {
      await this.rooms.markRead(room.id, actor.id);
      await this.notifications.chatOpened(actor.id, room.id);
    }
    const [{ messages, hasMore }, people, hiddenSenderIds] = await Promise.all([
      this.messages.forJoin(room, dto.lastSeq, JOIN_HISTORY_LIMIT, actor.id),
      this.users.withOnlineVisibility(entry.people.map((p) => p.userId)),
      this.blocks.hiddenSendersOf(actor.id),
    ]);
    const onlineUsers = RoomEntryService.onlineList(entry.people, people, actor.id);
    if (entry.state === 'first' && !people.get(actor.id)?.hidesOnline) {
      const me = onlineUsers.find((u) => u.id === actor.id);
      if (me) this.fanout.toRoom(room.id, { type: 'user_joined', roomId: room.id, user: me, timestamp: me.joinedAt });
    }
    const onlineCount = entry.people.filter((p) => !people.get(p.userId)?.hidesOnline).length;
    const dtoRoom = await this.rooms.toDto(room, actor, onlineCount);
    const newest = messages.at(-1)?.seq ?? 0;
    dtoRoom.lastSeq = Math.max(dtoRoom.lastSeq, newest);
    return { room: dtoRoom, messages, hasMore, onlineUsers, hiddenSenderIds };
  }

  async leave(dto: LeaveRoomRequestDto): Promise<void> {
    const left = await this.presence.leave(dto.roomId, dto.instance, dto.socketId, dto.userId);
    await this.rooms.markRead(dto.roomId, dto.userId);
    if (left) await this.sweeper.announceLeft(dto.roomId, dto.userId);
  }

  /**
   * Everyone in the room, by role rank (moderator, vip, seller, user, guest) then by who came
   * first; those who hide their online status are left out, except to themselves.
   */
  private static onlineList(entries: PresenceEntry[], users: Map<number, UserSummary & { hidesOnline: boolean }>, viewerId: number): OnlineUserDto[] {
    // Sorted on the numbers, then shaped: a join of a room of a hundred sorts a hundred people.
    return entries
      .filter((e) => e.userId === viewerId || !users.get(e.userId)?.hidesOnline)
      .map((e) => ({ user: ChatUsersService.summary(e.userId, users), at: e.joinedAt }))
      .sort((a, b) => ROLE_RANK[a.user.role] - ROLE_RANK[b.user.role] || a.at - b.at || a.user.id - b.user.id)
      .map(({ user, at }) => ({ ...user, joinedAt: new Date(at).toISOString() }));
  }
}
