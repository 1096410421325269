import { Injectable } from '@nestjs/common';
import {
  fieldMessage,
  ROLE_RANK,
  type JoinRoomRequestDto,
  type JoinRoomResultDto,
  type JoinRoomsResultDto,
  type LeaveRoomRequestDto,
  type MessageDto,
  type OnlineUserDto,
  type RpcErrorBody,
  type UserSummary,
} from '@app/contracts';
import { RpcException } from '@nestjs/microservices';
import { RpcErrors } from '@app/server';
import { BlocksService } from '../blocks/blocks.service';
import { FanoutService } from '../fanout/fanout.service';
import { MessagesService } from '../messages/messages.service';
import { NotificationsService } from '../notifications/notifications.service';
import { RoomsService } from '../rooms/rooms.service';
import { ChatUsersService } from '../users/users.service';
import { PresenceSweeper } from './presence-sweeper.service';
import { PresenceService, type JoinOutcome, type PresenceEntry } from './presence.service';

const JOIN_HISTORY_LIMIT = 100;

/** A refusal to answer in place of one join; anything else (a store away) fails the whole request. */
function refusal(error: unknown): RpcErrorBody {
  if (error instanceof RpcException) return error.getError() as RpcErrorBody;
  throw error;
}

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
    const { onlineUsers, results } = await this.joinMany([dto]);
    const [result] = results;
    if ('error' in result) throw new RpcException(result.error);
    return { ...result.joined, onlineUsers: result.joined.onlineUsers ?? onlineUsers[result.joined.room.id] };
  }

  /**
   * Joins, each refused or answered on its own, sharing what the joins into one room have in
   * common: the room, the presence round trip, the online list (shaped once) and the statements
   * that remember the people and whom they blocked.
   */
  async joinMany(dtos: JoinRoomRequestDto[]): Promise<JoinRoomsResultDto> {
    const results: JoinRoomsResultDto['results'] = new Array(dtos.length);
    const onlineUsers: JoinRoomsResultDto['onlineUsers'] = {};
    await this.users.remember(...dtos.map((dto) => dto.actor));
    const hiddenSenders = await this.blocks.hiddenSendersOf(dtos.map((dto) => dto.actor.id));
    const byRoom = new Map<number, number[]>();
    dtos.forEach((dto, i) => byRoom.set(dto.roomId, [...(byRoom.get(dto.roomId) ?? []), i]));

    await Promise.all(
      [...byRoom].map(async ([roomId, indexes]) => {
        const found = await this.rooms.findRoom(roomId);
        const admitted: number[] = [];
        for (const i of indexes) {
          try {
            await this.rooms.mayEnter(found, dtos[i].actor);
            admitted.push(i);
          } catch (error) {
            results[i] = { error: refusal(error) };
          }
        }
        if (!found || admitted.length === 0) return;
        const room = found;
        const outcomes = await this.presence.join(
          room.id,
          room.maxUsers,
          admitted.map((i) => ({ instance: dtos[i].instance, socketId: dtos[i].socketId, userId: dtos[i].actor.id })),
        );
        const entered: Array<{ index: number; state: 'first' | 'again' | 'back' }> = [];
        outcomes.forEach((outcome, k) => {
          if (outcome.state === 'full') results[admitted[k]] = { error: refusal(RpcErrors.forbidden(fieldMessage('room_full'))) };
          else entered.push({ index: admitted[k], state: outcome.state });
        });
        // Each script saw the room after the ones before it: the last one's people include them all.
        const people = outcomes.findLast((outcome): outcome is Exclude<JoinOutcome, { state: 'full' }> => outcome.state !== 'full');
        if (!people) return;
        const users = await this.users.withOnlineVisibility(people.people.map((p) => p.userId));
        const shared = RoomEntryService.onlineList(people.people, users);
        onlineUsers[room.id] = shared;
        const onlineCount = people.people.filter((p) => !users.get(p.userId)?.hidesOnline).length;
        // Joins into the room from the same place (a gateway's sockets back after its restart) ask
        // for the same catch-up: one page each lastSeq, unless a reader hides senders they blocked.
        const catchUps = new Map<number | undefined, Promise<{ messages: MessageDto[]; hasMore: boolean }>>();
        const catchUp = (lastSeq: number | undefined, viewerId: number) => {
          if (room.type === 'public' && hiddenSenders.get(viewerId)?.length) return this.messages.forJoin(room, lastSeq, JOIN_HISTORY_LIMIT, viewerId);
          let page = catchUps.get(lastSeq);
          if (!page) catchUps.set(lastSeq, (page = this.messages.forJoin(room, lastSeq, JOIN_HISTORY_LIMIT)));
          return page;
        };

        await Promise.all(
          entered.map(async ({ index, state }) => {
            const { actor, lastSeq } = dtos[index];
            try {
              const hides = !!users.get(actor.id)?.hidesOnline;
              if (state === 'first' && !hides) {
                const me = shared.find((u) => u.id === actor.id);
                if (me) this.fanout.toRoom(room.id, { type: 'user_joined', roomId: room.id, user: me, timestamp: me.joinedAt });
              }
              if (room.type === 'private') {
                await this.rooms.markRead(room.id, actor.id);
                await this.notifications.chatOpened(actor.id, room.id);
              }
              const { messages, hasMore } = await catchUp(lastSeq, actor.id);
              const dtoRoom = await this.rooms.toDto(room, actor, onlineCount);
              dtoRoom.lastSeq = Math.max(dtoRoom.lastSeq, messages.at(-1)?.seq ?? 0);
              results[index] = {
                joined: {
                  room: dtoRoom,
                  messages,
                  hasMore,
                  hiddenSenderIds: hiddenSenders.get(actor.id) ?? [],
                  ...(hides ? { onlineUsers: RoomEntryService.onlineList(people.people, users, actor.id) } : {}),
                },
              };
            } catch (error) {
              results[index] = { error: refusal(error) };
            }
          }),
        );
      }),
    );
    return { onlineUsers, results };
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
  private static onlineList(entries: PresenceEntry[], users: Map<number, UserSummary & { hidesOnline: boolean }>, viewerId?: number): OnlineUserDto[] {
    // Sorted on the numbers, then shaped: a join of a room of a hundred sorts a hundred people.
    return entries
      .filter((e) => e.userId === viewerId || !users.get(e.userId)?.hidesOnline)
      .map((e) => ({ user: ChatUsersService.summary(e.userId, users), at: e.joinedAt }))
      .sort((a, b) => ROLE_RANK[a.user.role] - ROLE_RANK[b.user.role] || a.at - b.at || a.user.id - b.user.id)
      .map(({ user, at }) => ({ ...user, joinedAt: new Date(at).toISOString() }));
  }
}
