import { Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import {
  canFormat,
  canSendImages,
  canSendMessages,
  canSendVoiceNotes,
  CHAT_MEDIA_URL_PATTERN,
  EDIT_WINDOW_MS,
  fieldMessage,
  hasSendLimits,
  MESSAGE_PAGE_DEFAULT,
  messageKind,
  normalizeFormatting,
  PREVIEW_MIN_LENGTH,
  PREVIEW_SCAN,
  previewLinkOf,
  quoteLine,
  readsAsConversation,
  roomTakesPicture,
  VOICE_MEDIA_URL_PATTERN,
  type ActorDto,
  type DeleteMessageRequestDto,
  type EditMessageRequestDto,
  type ListMessagesRequestDto,
  type MessageDto,
  type MessageFormatting,
  type MessageQuoteDto,
  type MessageType,
  type RpcErrorBody,
  type NewMessageFrame,
  type ReactionDto,
  type ReactionRequestDto,
  type SendMessageRequestDto,
  type UserSummary,
} from '@app/contracts';
import { ContentFilter, fieldRefused, Metrics, RpcErrors } from '@app/server';
import { BlocksRepository } from '../blocks/blocks.repository';
import { FanoutService } from '../fanout/fanout.service';
import { Clock } from '../limits/clock';
import { SendLimitsService } from '../limits/send-limits.service';
import { LinkPreviewsService } from '../link-previews/link-previews.service';
import { MentionsService } from '../mentions/mentions.service';
import { MutesService } from '../moderation/mutes.service';
import { NotificationsService } from '../notifications/notifications.service';
import { PresenceService } from '../presence/presence.service';
import { ContactRules } from '../safety/contact-rules';
import { Room } from '../rooms/room.entity';
import { RoomsService, summaryOf } from '../rooms/rooms.service';
import { ChatUsersService } from '../users/users.service';
import { Message } from './message.entity';
import { SendContextStale } from './message-inserts';
import { MessagesRepository, type PageQuery } from './messages.repository';
import type { SendContext } from './send-contexts';
import { ReactionsRepository, TooManyReactionsError } from './reactions.repository';

@Injectable()
export class MessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly rooms: RoomsService,
    private readonly limits: SendLimitsService,
    private readonly users: ChatUsersService,
    private readonly fanout: FanoutService,
    private readonly presence: PresenceService,
    private readonly contact: ContactRules,
    private readonly filter: ContentFilter,
    private readonly mutes: MutesService,
    private readonly notifications: NotificationsService,
    private readonly mentions: MentionsService,
    private readonly clock: Clock,
    private readonly reactions: ReactionsRepository,
    private readonly blocks: BlocksRepository,
    private readonly previews: LinkPreviewsService,
  ) {}

  /** The one send path of REST and socket: check, count, persist, then publish. */
  async send(dto: SendMessageRequestDto): Promise<MessageDto> {
    return (await this.store(dto)).message;
  }

  /**
   * `send`, saying whether the room heard of the message by a new_message of this send, which is
   * what answers a socket's send (CHAT_SOCKET_SEND_SUBJECT); a retry's earlier message was not.
   */
  async store(dto: SendMessageRequestDto): Promise<{ message: MessageDto; published: boolean }> {
    const { actor } = dto;
    const clientId = dto.clientId ?? null;
    // Judged first on what this replica kept of the room, with no round trip: the insert asks the
    // room's version, the mute and the blocks again under the room's lock, so a send is stored
    // only if a fresh read would have let it. A refusal, or a send the insert turns away, is
    // judged again on a fresh read (see SendContexts.kept). A retry is read fresh at once, so
    // that a send stored before is found before anything counts it again.
    let context = dto.retry ? await this.messages.sendContext(dto.roomId, actor.id, clientId) : await this.messages.keptSendContext(dto.roomId, actor.id);
    Metrics.sendJudgements.inc({ on: context.fresh ? 'fresh' : 'kept' });
    let counted = false;
    for (let freshReads = 0; ; freshReads++) {
      let checked: CheckedSend;
      try {
        checked = this.checkedSend(await this.roomToSendIn(context, actor), dto);
      } catch (refusal) {
        if (context.fresh) throw refusal;
        context = await this.messages.sendContext(dto.roomId, actor.id, clientId);
        Metrics.sendJudgements.inc({ on: 'again' });
        continue;
      }
      const { room, type, formatting } = checked;
      if (context.earlierId !== null) {
        // A retry: the message stored the first time, not counted against the limits again.
        const earlier = await this.messages.findById(context.earlierId);
        if (earlier) return { message: await this.asSent(earlier, actor), published: false };
      }
      const answered = dto.replyToId === undefined ? null : await this.answered(dto.replyToId, room, actor.id);
      const text = type === 'text' || type === 'emoji';
      // A private message reaches someone who has the chat open: they have read it, marked with the
      // insert. Asked beside the limits, so both go to Redis in one write.
      const [earlier, recipientInside] = await Promise.all([
        counted ? null : this.countAgainstLimits(room, actor, dto.content, text).then(() => null, (error: unknown) => this.storedBefore(error, actor.id, clientId)),
        context.other ? this.presence.isIn(room.id, context.other.id) : false,
      ]);
      if (earlier) return { message: await this.asSent(earlier, actor), published: false };
      counted = true;
      await this.users.remember(actor);
      const recipient = context.other && { id: context.other.id, inside: recipientInside };
      // Offensive words in public rooms are masked for everyone, once, as stored.
      const content = room.type === 'public' && text ? this.filter.mask(dto.content) : dto.content;
      let stored: Message | null;
      try {
        stored = await this.messages.insert({
          roomId: room.id,
          senderId: actor.id,
          content,
          // Mentions: resolved once here, so readers highlight and notifications go without parsing again.
          mentions: await this.mentions.resolve(room, actor.id, type, content),
          type,
          formatting,
          metadata: dto.metadata ? { ...dto.metadata } : null,
          clientId,
          markSenderRead: room.type === 'private',
          readerId: recipient?.inside ? recipient.id : null,
          replyToId: answered?.id ?? null,
          guard: { roomVersion: room.version, askMute: room.type === 'public', askContact: room.type === 'private', otherId: context.other?.id ?? null },
        });
      } catch (error) {
        if (!(error instanceof SendContextStale)) throw error;
        this.messages.forgetSendRoom(room.id);
        // Changed again between a fresh read and its insert, and again: let the client try again.
        if (freshReads >= FRESH_READS_MAX) throw RpcErrors.unavailable();
        context = await this.messages.sendContext(dto.roomId, actor.id, clientId);
        Metrics.sendJudgements.inc({ on: 'again' });
        continue;
      }
      if (!stored) {
        // A retry of the same send raced this one and won.
        const first = await this.messages.findByClientId(actor.id, clientId as string);
        return { message: await this.asSent(first as Message, actor), published: false };
      }
      Metrics.messagesStored.inc({ room_type: room.type });
      const message = await this.asSent(stored, actor, answered);
      this.publish(room, message, recipient?.inside ? { userId: recipient.id, readAt: message.createdAt } : undefined);
      await this.notifications.messageSent(room, message, recipient);
      // Its link's preview comes later, by its own frame: the send is answered without waiting for another site.
      this.previews.schedule(stored);
      return { message, published: true };
    }
  }

  /** The kind of message and its formatting, when the sender may send them into this room. */
  private checkedSend(room: Room, dto: SendMessageRequestDto): CheckedSend {
    const { actor } = dto;
    const type = messageKind(dto.type, dto.content);
    if ((type === 'image' || type === 'gif') && !canSendImages(actor.role)) throw RpcErrors.forbidden(fieldMessage('message_images_premium'));
    if ((type === 'image' || type === 'gif') && !CHAT_MEDIA_URL_PATTERN.test(dto.content)) {
      throw fieldRefused('content', fieldMessage('message_picture_upload_first'));
    }
    if ((type === 'image' || type === 'gif') && !roomTakesPicture(room, type)) throw RpcErrors.forbidden(fieldMessage(type === 'image' ? 'message_images_off' : 'message_gifs_off'));
    // Voice notes: premium, and only a voice upload the media service checked as audio.
    if (type === 'voice' && !canSendVoiceNotes(actor.role)) throw RpcErrors.forbidden(fieldMessage('message_voice_premium'));
    if (type === 'voice' && !VOICE_MEDIA_URL_PATTERN.test(dto.content)) {
      throw fieldRefused('content', fieldMessage('message_voice_upload_first'));
    }
    const formatting = normalizeFormatting(dto.formatting);
    if (formatting && !canFormat(actor.role, room.type)) throw RpcErrors.forbidden(fieldMessage('message_formatting_premium'));
    return { room, type, formatting };
  }

  /**
   * A send over a limit that was stored before under its client id (a retry whose first answer
   * was lost) gets that message; anything else is thrown on.
   */
  private async storedBefore(error: unknown, senderId: number, clientId: string | null): Promise<Message> {
    const limited = error instanceof RpcException && (error.getError() as RpcErrorBody).status === 429;
    const earlier = limited && clientId !== null ? await this.messages.findByClientId(senderId, clientId) : null;
    if (!earlier) throw error;
    return earlier;
  }

  /**
   * The message a reply answers: one of the same conversation (400 otherwise) that the sender
   * can see: still there, and in a public room not from someone they blocked (404 otherwise).
   */
  private async answered(messageId: number, room: Room, senderId: number): Promise<Message> {
    const message = await this.messages.findById(messageId);
    if (!message || message.removedAt) throw RpcErrors.notFound(fieldMessage('message_not_found'));
    if (message.roomId !== room.id) throw fieldRefused('replyToId', fieldMessage('message_reply_other_conversation'));
    const hidden = hiddenFor(room, senderId);
    if (hidden !== undefined && (await this.blocks.between(hidden, message.senderId)).aBlockedB) throw RpcErrors.notFound(fieldMessage('message_not_found'));
    return message;
  }

  /** Who may write in a room: the rules of sending, which an edit and a reaction follow too. */
  private async roomToSendIn(context: SendContext, actor: ActorDto): Promise<Room> {
    if (!canSendMessages(actor.role)) throw RpcErrors.forbidden(fieldMessage('message_guests_read_only'));
    const room = await this.rooms.mayEnter(context.room, actor, context.participant);
    // A public room is sent to from inside it (so its maxUsers holds); a private one unless either blocked the other.
    if (room.type === 'public' && !(await this.presence.isIn(room.id, actor.id))) throw RpcErrors.forbidden(fieldMessage('message_join_to_send'));
    if (room.type === 'private') await this.contact.assertCanSend(context.other);
    this.mutes.assertMaySend(context.mutedUntil, room.type);
    return room;
  }

  /** Words sent or edited into a room count against the sender's limits there (links only in text). */
  private countAgainstLimits(room: Room, actor: ActorDto, content: string, text: boolean): Promise<void> {
    const limited = hasSendLimits(actor.role, room.type);
    return this.limits.consume({
      userId: actor.id,
      roomId: room.id,
      content,
      limited,
      cooldownSeconds: room.messageCooldown,
      // Links count only against a limited sender: finding them is skipped for everyone else.
      hasLink: limited && text && this.filter.hasLink(content),
    });
  }

  /**
   * One's own text message, within EDIT_WINDOW_MS, by the rules of sending: a guest, a muted
   * person, someone outside the room or blocked in the private chat cannot, and the new words
   * count against the same limits (cooldown, hourly quota, repeats, links), so an edit is no way
   * around them. Everyone in the room sees the new words at once.
   */
  async edit(dto: EditMessageRequestDto): Promise<MessageDto> {
    const { actor } = dto;
    const message = await this.ownMessage(dto.messageId, actor);
    if (message.type !== 'text' && message.type !== 'emoji') throw RpcErrors.forbidden(fieldMessage('message_edit_only_text'));
    if (this.clock.now() - new Date(message.createdAt).getTime() > EDIT_WINDOW_MS) throw RpcErrors.forbidden(fieldMessage('message_edit_window_passed'));
    const room = await this.roomToSendIn(await this.messages.sendContext(message.roomId, actor.id, null), actor);
    await this.countAgainstLimits(room, actor, dto.content, true);
    const content = room.type === 'public' ? this.filter.mask(dto.content) : dto.content;
    const type = messageKind(undefined, content);
    const edited = await this.messages.edit(message.id, actor.id, {
      content,
      type,
      mentions: await this.mentions.resolve(room, actor.id, type, content),
      clearPreview: previewLinkOf(message.content) !== previewLinkOf(content),
    });
    if (!edited) throw RpcErrors.conflict(fieldMessage('message_gone'));
    // A new first link gets its own preview (unless the sender removed the message's preview for good).
    this.previews.schedule(edited);
    const [dtoOut] = await this.withSenders([edited]);
    this.fanout.toRoom(room.id, { type: 'message_edited', roomId: room.id, message: dtoOut });
    await this.notifications.messageEdited(dtoOut);
    return dtoOut;
  }

  /** One's own message, at any time (muted or not: taking words back harms nobody); the room sees "message deleted". */
  async delete(dto: DeleteMessageRequestDto): Promise<{ ok: true }> {
    const message = await this.ownMessage(dto.messageId, dto.actor);
    await this.rooms.readable(message.roomId, dto.actor);
    const removed = await this.messages.removeBySender(message.id, dto.actor.id);
    if (!removed) throw RpcErrors.conflict(fieldMessage('message_gone'));
    this.fanout.toRoom(removed.roomId, { type: 'message_deleted', roomId: removed.roomId, messageId: removed.id, seq: removed.seq, removedBy: 'sender' });
    await this.notifications.messageRemoved(removed.id);
    return { ok: true };
  }

  /**
   * A reaction is a small message: who may send in the room may react (not guests, not the muted,
   * not someone outside the public room or blocked in the private chat), on any message still there.
   */
  async react(dto: ReactionRequestDto, add: boolean): Promise<ReactionDto[]> {
    const message = await this.messages.findById(dto.messageId);
    if (!message) throw RpcErrors.notFound(fieldMessage('message_not_found'));
    if (message.removedAt) throw RpcErrors.conflict(fieldMessage('message_gone'));
    const room = await this.roomToSendIn(await this.messages.sendContext(message.roomId, dto.actor.id, null), dto.actor);
    if (add) {
      await this.users.remember(dto.actor);
      await this.reactions.add(message.id, dto.actor.id, dto.emoji).catch((error: unknown) => {
        throw error instanceof TooManyReactionsError ? fieldRefused('emoji', fieldMessage('reaction_too_many')) : error;
      });
    } else {
      await this.reactions.remove(message.id, dto.actor.id, dto.emoji);
    }
    const reactions = (await this.reactions.summaries([message.id])).get(message.id) ?? [];
    this.fanout.toRoom(room.id, { type: 'reactions_changed', roomId: room.id, messageId: message.id, seq: message.seq, reactions });
    return reactions;
  }

  /** The actor's own message that is still there: 404 when there is none, 403 when it is someone else's. */
  private async ownMessage(messageId: number, actor: ActorDto): Promise<Message> {
    const message = await this.messages.findById(messageId);
    if (!message) throw RpcErrors.notFound(fieldMessage('message_not_found'));
    if (message.senderId !== actor.id) throw RpcErrors.forbidden(fieldMessage('message_not_yours'));
    if (message.removedAt) throw RpcErrors.conflict(fieldMessage('message_gone'));
    return message;
  }

  async list(dto: ListMessagesRequestDto): Promise<MessageDto[]> {
    const room = await this.rooms.readable(dto.roomId, dto.actor);
    const query: PageQuery = {
      before: dto.before,
      after: dto.after,
      afterSeq: dto.afterSeq,
      limit: dto.limit ?? MESSAGE_PAGE_DEFAULT,
      hideBlockedBy: hiddenFor(room, dto.actor?.id),
    };
    const page = await this.messages.page(room.id, query);
    const readsNewest = query.before === undefined && query.after === undefined && query.afterSeq === undefined;
    if (room.type === 'private' && dto.actor && readsNewest) await this.rooms.markRead(room.id, dto.actor.id);
    return this.withSenders(page);
  }

  /** What a gateway missed of a room's stream; the gateway only asks for rooms its sockets joined. */
  async catchUp(roomId: number, afterSeq: number, limit = MESSAGE_PAGE_DEFAULT): Promise<MessageDto[]> {
    return this.withSenders(await this.messages.page(roomId, { afterSeq, limit }));
  }

  /** The landing preview: the newest public messages that read as conversation (see readsAsConversation), oldest first. */
  async recent(limit = 3): Promise<MessageDto[]> {
    const candidates = await this.messages.recentPublicText(PREVIEW_SCAN, PREVIEW_MIN_LENGTH);
    const chosen = candidates.filter((m) => readsAsConversation(m.content)).slice(0, limit);
    return this.withSenders(chosen.reverse());
  }

  async forJoin(room: Room, lastSeq: number | undefined, limit: number, viewerId?: number): Promise<{ messages: MessageDto[]; hasMore: boolean }> {
    const hideBlockedBy = hiddenFor(room, viewerId);
    if (lastSeq === undefined) return { messages: await this.withSenders(await this.messages.page(room.id, { limit, hideBlockedBy })), hasMore: false };
    const page = await this.messages.page(room.id, { afterSeq: lastSeq, limit: limit + 1, hideBlockedBy });
    return { messages: await this.withSenders(page.slice(0, limit)), hasMore: page.length > limit };
  }

  private publish(room: Room, message: MessageDto, readBy?: NewMessageFrame['readBy']) {
    this.fanout.toRoom(room.id, { type: 'new_message', roomId: room.id, message, ...(readBy ? { readBy } : {}) });
    if (room.origin === 'marketplace' && room.sellerUserId && message.senderId !== room.sellerUserId) {
      this.fanout.toUser(room.sellerUserId, {
        type: 'seller_message_notification',
        roomId: room.id,
        message,
        buyer: message.sender,
      });
    }
  }

  /** Messages as readers get them, each with its sender, its reactions and the quote of the message it answers. */
  async withSenders(messages: Message[]): Promise<MessageDto[]> {
    const answered = [...new Set(messages.flatMap((m) => (m.replyToId === null ? [] : [m.replyToId])))];
    const [users, reactions, quotes] = await Promise.all([
      this.users.findMany(messages.map((m) => m.senderId)),
      this.reactions.summaries(messages.filter((m) => !m.removedAt).map((m) => m.id)),
      this.messages.findByIds(answered).then((originals) => this.quotesOf(originals)),
    ]);
    return messages.map((m) => {
      const dto = this.toDto(m, ChatUsersService.summary(m.senderId, users));
      const chosen = reactions.get(m.id);
      const quote = m.replyToId === null ? undefined : quotes.get(m.replyToId);
      return { ...dto, ...(chosen ? { reactions: chosen } : {}), ...(quote ? { replyTo: quote } : {}) };
    });
  }

  /** A message its sender just sent, with the quote of the one it answers (read again unless given). */
  private async asSent(message: Message, actor: ActorDto, answered?: Message | null): Promise<MessageDto> {
    const dto = this.toDto(message, summaryOf(actor));
    if (message.replyToId === null) return dto;
    const original = answered ?? (await this.messages.findById(message.replyToId));
    const quote = original && (await this.quotesOf([original])).get(original.id);
    return quote ? { ...dto, replyTo: quote } : dto;
  }

  /** The quotes replies show of these originals, by id: as each reads now (removed ones show as removed). */
  async quotesOf(originals: Message[]): Promise<Map<number, MessageQuoteDto>> {
    if (originals.length === 0) return new Map();
    const users = await this.users.findMany(originals.map((m) => m.senderId));
    return new Map(
      originals.map((m) => {
        const removedBy = m.removedAt ? (m.removedById === m.senderId ? ('sender' as const) : ('moderator' as const)) : undefined;
        const text = !removedBy && (m.type === 'text' || m.type === 'emoji') ? quoteLine(m.content) : '';
        return [m.id, { id: m.id, seq: m.seq, sender: ChatUsersService.summary(m.senderId, users), type: m.type, text, ...(removedBy ? { removedBy } : {}) }];
      }),
    );
  }

  private toDto(message: Message, sender: UserSummary): MessageDto {
    return {
      id: message.id,
      roomId: message.roomId,
      seq: message.seq,
      content: message.content,
      type: message.type,
      formatting: message.formatting,
      metadata: message.metadata,
      senderId: message.senderId,
      sender,
      clientId: message.clientId,
      createdAt: new Date(message.createdAt).toISOString(),
      ...(message.removedAt ? { removedBy: message.removedById === message.senderId ? ('sender' as const) : ('moderator' as const) } : {}),
      ...(message.editedAt && !message.removedAt ? { editedAt: new Date(message.editedAt).toISOString() } : {}),
      ...(message.mentions?.length && !message.removedAt ? { mentions: message.mentions } : {}),
      ...(message.linkPreview && !message.removedAt ? { linkPreview: message.linkPreview } : {}),
    };
  }
}

/** Fresh reads one send may take when its room keeps changing under it, before it asks the client to try again. */
const FRESH_READS_MAX = 3;

interface CheckedSend {
  room: Room;
  type: MessageType;
  formatting: MessageFormatting | null;
}

/** The blocker does not see the blocked person in public rooms; a private chat keeps its history (read-only). */
function hiddenFor(room: Room, viewerId: number | undefined): number | undefined {
  return room.type === 'public' ? viewerId : undefined;
}
