import { Injectable } from '@nestjs/common';
import { canModerate, canPin, fieldMessage, PINS_MAX, type PinRequestDto, type PinnedMessageDto, type RoomRequestDto } from '@app/contracts';
import { fieldRefused, RpcErrors } from '@app/server';
import { FanoutService } from '../fanout/fanout.service';
import { MessagesRepository } from '../messages/messages.repository';
import { MessagesService } from '../messages/messages.service';
import { BlocksRepository } from '../blocks/blocks.repository';
import { ModerationRepository } from '../moderation/moderation.repository';
import type { Room } from '../rooms/room.entity';
import { RoomsService, summaryOf } from '../rooms/rooms.service';
import { ChatUsersService } from '../users/users.service';
import { PinsRepository, TooManyPinsError } from './pins.repository';

/**
 * Pinned messages of public rooms: the room's owner and moderators pin up to PINS_MAX of its
 * messages and unpin them; everyone in the room sees the list change at once (pins_changed).
 * A moderator's pin or unpin is written to the moderation audit list, in the same transaction.
 */
@Injectable()
export class PinsService {
  constructor(
    private readonly pins: PinsRepository,
    private readonly messages: MessagesRepository,
    private readonly messageViews: MessagesService,
    private readonly rooms: RoomsService,
    private readonly users: ChatUsersService,
    private readonly moderation: ModerationRepository,
    private readonly fanout: FanoutService,
    private readonly blocks: BlocksRepository,
  ) {}

  async pin(dto: PinRequestDto, pin: boolean): Promise<PinnedMessageDto[]> {
    const { actor } = dto;
    const message = await this.messages.findById(dto.messageId);
    if (!message) throw RpcErrors.notFound(fieldMessage('message_not_found'));
    const room = await this.rooms.readable(message.roomId, actor);
    if (!canPin(actor, { type: room.type, ownerId: room.createdById })) throw RpcErrors.forbidden(fieldMessage('pin_not_allowed'));
    if (pin && message.removedAt) throw RpcErrors.conflict(fieldMessage('message_gone'));
    await this.users.remember(actor);
    const changed = await this.pins.transaction(async (trx) => {
      const done = pin
        ? await this.pins.pin(trx, room.id, message.id, actor.id).catch((error: unknown) => {
            throw error instanceof TooManyPinsError ? fieldRefused('messageId', fieldMessage('pin_limit', { max: PINS_MAX })) : error;
          })
        : await this.pins.unpin(trx, message.id);
      if (!done && !pin) throw RpcErrors.notFound(fieldMessage('pin_not_pinned'));
      if (done && canModerate(actor.role)) {
        const author = ChatUsersService.summary(message.senderId, await this.users.findMany([message.senderId]));
        await this.moderation.insertAudit(trx, {
          actorId: actor.id,
          action: pin ? 'pin_message' : 'unpin_message',
          targetUserId: message.senderId,
          reportId: null,
          messageId: message.id,
          roomId: room.id,
          reason: '',
          snapshot: {
            actor: summaryOf(actor),
            target: author,
            details: { message: { id: message.id, roomId: room.id, seq: message.seq, sender: author, content: message.content, type: message.type, createdAt: new Date(message.createdAt).toISOString() } },
          },
        });
      }
      return done;
    });
    const pins = await this.present(room);
    if (changed) this.fanout.toRoom(room.id, { type: 'pins_changed', roomId: room.id, pins });
    return pins;
  }

  /** The room's pins as the reader sees its messages: none by someone they blocked (public rooms hide them). */
  async list(dto: RoomRequestDto): Promise<PinnedMessageDto[]> {
    const room = await this.rooms.readable(dto.roomId, dto.actor);
    const pins = await this.present(room);
    if (!dto.actor || room.type !== 'public' || pins.length === 0) return pins;
    const blocked = new Set(await this.blocks.blockedIds(dto.actor.id));
    return pins.filter((pin) => !blocked.has(pin.message.sender.id));
  }

  /** The room's pins, newest first, each with the quote of its message and who pinned it. */
  private async present(room: Room): Promise<PinnedMessageDto[]> {
    const rows = await this.pins.ofRoom(room.id);
    if (rows.length === 0) return [];
    const [quotes, users] = await Promise.all([
      this.messages.findByIds(rows.map((r) => r.messageId)).then((found) => this.messageViews.quotesOf(found)),
      this.users.findMany(rows.map((r) => r.pinnedById)),
    ]);
    return rows.flatMap((r) => {
      const message = quotes.get(r.messageId);
      return message ? [{ message, pinnedBy: ChatUsersService.summary(r.pinnedById, users), pinnedAt: r.pinnedAt.toISOString() }] : [];
    });
  }
}
