import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  CHAT_SOCKET_SEND_SUBJECT,
  ChatPatterns,
  chatRoomEventSubject,
  chatUserEventSubject,
  type LinkPreviewFrame,
  type MessageDeletedFrame,
  type MessageEditedFrame,
  type MessagesReadFrame,
  type PinsChangedFrame,
  type ReactionsChangedFrame,
  type MessageDto,
  type NewMessageFrame,
  type RoomEventFrame,
  type SendMessageRequestDto,
  type SocketSendAnswer,
  type UserTypingFrame,
} from '@app/contracts';
import { currentRequestId, Metrics, natsConnectionOptions, REQUEST_ID_HEADER, RpcCallError, RpcClient } from '@app/server';
import { connect, createInbox, Events, headers, JSONCodec, type Msg, type NatsConnection, type Subscription } from 'nats';
import { gatewayEnv } from '../config/gateway-env';
import { ClientSocket, OutgoingFrame, SocketRegistry } from './socket-registry';

const codec = JSONCodec<RoomEventFrame>();
const sendCodec = JSONCodec<SendMessageRequestDto | SocketSendAnswer>();
const textDecoder = new TextDecoder();
/** How long a gap in a room's sequence may wait for the missing message before it is fetched. */
const GAP_WAIT_MS = 300;
const RECENT_KEPT = 256;
const CATCH_UP_PAGE = 100;
/**
 * How long a socket's send waits for its new_message before it is asked again by request: far
 * beyond a stored message's usual milliseconds, and short enough that with the request's own
 * wait a client hears of an outage about when it would have by request alone.
 */
const SOCKET_SEND_WAIT_MS = 2000;

interface Delivered {
  seq: number;
  raw: string;
  senderId: number;
}

/** One room as this gateway sees it: its sockets, its subscription and its place in the sequence. */
class RoomChannel {
  readonly sockets = new Set<ClientSocket>();
  /** Newest sequence number written to the room's sockets; -1 until the first join answered. */
  delivered = -1;
  readonly pending = new Map<number, NewMessageFrame>();
  readonly recent: Delivered[] = [];
  gapTimer?: NodeJS.Timeout;
  filling = false;
  constructor(
    readonly roomId: number,
    readonly sub: Subscription,
  ) {}
}

/**
 * Fan-out on this gateway. It subscribes (plain, no queue group) to the rooms that have
 * sockets here and to the user subjects of the people connected here. Messages reach sockets
 * in sequence order, exactly once: duplicates are dropped, a gap waits briefly and is then
 * filled from chat-svc, so a lost or reordered publish delays a message but never loses it.
 */
@Injectable()
export class RoomFanoutService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RoomFanoutService.name);
  private nc?: NatsConnection;
  private readonly channels = new Map<number, RoomChannel>();
  /** This gateway's inbox for the answers of socket sends that published no new_message. */
  private readonly sendInbox = createInbox();
  /** Socket sends waiting for their answer, by `<senderId>.<clientId>`. */
  private readonly awaitingSends = new Map<string, (answer: SocketSendAnswer | undefined) => void>();
  /** Whether the connection is up: while NATS is away a send goes by request, which refuses it at once. */
  private connected = false;

  constructor(
    private readonly registry: SocketRegistry,
    private readonly rpc: RpcClient,
  ) {}

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(gatewayEnv().NATS_URL, 'gateway-fanout'));
    // One subscription to every person's subject, filtered here, instead of one per connected
    // person: a subscription with its iterator held about 4 KiB per person on this gateway.
    this.nc.subscribe(chatUserEventSubject('*'), { callback: (error, msg) => !error && this.onUserEvent(msg) });
    this.nc.subscribe(`${this.sendInbox}.>`, { callback: (error, msg) => !error && this.onSendAnswer(msg) });
    this.connected = true;
    void this.followStatus(this.nc);
  }

  private async followStatus(nc: NatsConnection) {
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect) this.connected = false;
      else if (status.type === Events.Reconnect) this.connected = true;
    }
  }

  /** Whether a socket's send can be answered by its room's new_message: the socket is in that room here, its join answered. */
  hearsRoomOf(socket: ClientSocket, roomId: number): boolean {
    return this.connected && socket.roomId === roomId && socket.joining === undefined && !!this.channels.get(roomId)?.sockets.has(socket);
  }

  /**
   * Sends a message of a socket in the room it is in here (hearsRoomOf), answered by the room's
   * own new_message (CHAT_SOCKET_SEND_SUBJECT). Undefined when no answer came in time, or the
   * same send is already on its way: the caller asks by request, and the client id keeps the
   * message single.
   */
  async sendInRoom(request: SendMessageRequestDto & { clientId: string }): Promise<MessageDto | undefined> {
    const key = `${request.actor.id}.${request.clientId}`;
    if (this.awaitingSends.has(key)) return undefined;
    const done = Metrics.rpcCalls.startTimer({ pattern: CHAT_SOCKET_SEND_SUBJECT });
    const answer = await new Promise<SocketSendAnswer | undefined>((resolve) => {
      const timer = setTimeout(() => settle(undefined), SOCKET_SEND_WAIT_MS);
      const settle = (answer: SocketSendAnswer | undefined) => {
        clearTimeout(timer);
        this.awaitingSends.delete(key);
        resolve(answer);
      };
      this.awaitingSends.set(key, settle);
      const requestId = currentRequestId();
      const sent = requestId ? headers() : undefined;
      if (requestId) sent?.set(REQUEST_ID_HEADER, requestId);
      this.connection().publish(CHAT_SOCKET_SEND_SUBJECT, sendCodec.encode(request), { reply: `${this.sendInbox}.${key}`, headers: sent });
    });
    done({ status: answer ? String(answer.error?.status ?? 200) : 'timeout' });
    if (answer?.error) throw new RpcCallError(answer.error);
    return answer?.message;
  }

  /**
   * A socket send's answer on this gateway's inbox: a refusal, or a retry's earlier message. NATS
   * saying no chat-svc listens (a replica of before this subject, mid-upgrade) sends it by request.
   */
  private onSendAnswer(msg: Msg) {
    const settle = this.awaitingSends.get(msg.subject.slice(this.sendInbox.length + 1));
    if (!settle) return;
    settle(msg.headers?.hasError ? undefined : (sendCodec.decode(msg.data) as SocketSendAnswer));
  }

  /** A message of a send waiting here answers it: the message is stored. */
  private answerSend(message: MessageDto) {
    if (this.awaitingSends.size === 0 || !message.clientId) return;
    this.awaitingSends.get(`${message.senderId}.${message.clientId}`)?.({ message });
  }

  async onApplicationShutdown() {
    for (const channel of this.channels.values()) clearTimeout(channel.gapTimer);
    await this.nc?.drain().catch(() => undefined);
  }

  /** Adds the socket to the room's channel, subscribing first so nothing published after the join answer is missed. */
  async attach(socket: ClientSocket, roomId: number): Promise<void> {
    let channel = this.channels.get(roomId);
    if (!channel) {
      const sub = this.connection().subscribe(chatRoomEventSubject(roomId));
      channel = new RoomChannel(roomId, sub);
      this.channels.set(roomId, channel);
      void this.consume(channel);
      await this.connection().flush();
    }
    channel.sockets.add(socket);
  }

  detach(socket: ClientSocket, roomId: number) {
    const channel = this.channels.get(roomId);
    if (!channel) return;
    channel.sockets.delete(socket);
    if (channel.sockets.size === 0) {
      clearTimeout(channel.gapTimer);
      channel.sub.unsubscribe();
      this.channels.delete(roomId);
    }
  }

  /**
   * Called once the join answered: the socket has the history up to lastSeq. The channel
   * learns where the room stands, and the socket gets anything the channel delivered since.
   */
  async joined(socket: ClientSocket, roomId: number, lastSeq: number) {
    const channel = this.channels.get(roomId);
    socket.roomSeq = lastSeq;
    socket.joining = undefined;
    if (!channel) return;
    if (channel.delivered < 0) {
      channel.delivered = lastSeq;
      this.drain(channel);
    }
    if (channel.delivered <= socket.roomSeq) return;
    const oldestKept = channel.recent[0]?.seq ?? Infinity;
    if (oldestKept > socket.roomSeq + 1) {
      const missed = await this.catchUp(roomId, socket.roomSeq, channel.delivered - socket.roomSeq);
      for (const message of missed) this.sendToSocket(socket, message.seq, JSON.stringify({ type: 'new_message', roomId, message }), message.senderId);
    }
    for (const entry of channel.recent) this.sendToSocket(socket, entry.seq, entry.raw, entry.senderId);
  }

  subscribedRooms(): number[] {
    return [...this.channels.keys()];
  }

  private async consume(channel: RoomChannel) {
    for await (const msg of channel.sub) {
      let frame: RoomEventFrame;
      try {
        frame = codec.decode(msg.data);
      } catch {
        continue;
      }
      if (frame.type === 'new_message') this.onMessage(channel, frame);
      else if (frame.type === 'message_deleted') this.onRemoved(channel, frame);
      else if (frame.type === 'message_edited') this.onEdited(channel, frame);
      else if (frame.type === 'reactions_changed' || frame.type === 'messages_read' || frame.type === 'pins_changed') this.toEveryone(channel, frame);
      else if (frame.type === 'link_preview') this.onPreview(channel, frame);
      else if (frame.type === 'user_typing') this.onTyping(channel, frame);
      else {
        // The one who arrives already has the online list; everyone else hears of them.
        const out = new OutgoingFrame(JSON.stringify(frame));
        for (const socket of channel.sockets) if (socket.joining !== channel.roomId && socket.user.id !== frame.user.id) this.registry.sendRaw(socket, out);
      }
    }
  }

  private onMessage(channel: RoomChannel, frame: NewMessageFrame) {
    this.answerSend(frame.message);
    const seq = frame.message.seq;
    if (channel.delivered >= 0 && seq <= channel.delivered) return;
    channel.pending.set(seq, frame);
    if (channel.delivered >= 0) this.drain(channel);
  }

  /** Everyone in the room hears of a removal; what this channel keeps to replay loses the text as well. */
  private onRemoved(channel: RoomChannel, frame: MessageDeletedFrame) {
    const pending = channel.pending.get(frame.seq);
    if (pending) channel.pending.set(frame.seq, withoutText(pending, frame.removedBy));
    const kept = channel.recent.find((entry) => entry.seq === frame.seq);
    if (kept) kept.raw = JSON.stringify(withoutText(JSON.parse(kept.raw) as NewMessageFrame, frame.removedBy));
    const out = new OutgoingFrame(JSON.stringify(frame));
    for (const socket of channel.sockets) this.registry.sendRaw(socket, out);
  }

  /** Its sender's new words: to those who see the sender, and into what this channel keeps to replay. */
  private onEdited(channel: RoomChannel, frame: MessageEditedFrame) {
    const { seq, senderId } = frame.message;
    const pending = channel.pending.get(seq);
    if (pending) channel.pending.set(seq, { ...pending, message: frame.message });
    const kept = channel.recent.find((entry) => entry.seq === seq);
    if (kept) kept.raw = JSON.stringify({ type: 'new_message', roomId: channel.roomId, message: frame.message } satisfies NewMessageFrame);
    const out = new OutgoingFrame(JSON.stringify(frame));
    for (const socket of channel.sockets) if (!socket.hiddenSenders?.has(senderId)) this.registry.sendRaw(socket, out);
  }

  /** Frames for everyone in the room as they are; reactions are also written into what this channel keeps to replay. */
  private toEveryone(channel: RoomChannel, frame: ReactionsChangedFrame | MessagesReadFrame | PinsChangedFrame) {
    if (frame.type === 'reactions_changed') this.keepReactions(channel, frame);
    const out = new OutgoingFrame(JSON.stringify(frame));
    const pins = frame.type === 'pins_changed' ? frame.pins : [];
    for (const socket of channel.sockets) {
      // The pins of someone the reader blocked are hidden, as their messages are.
      const shown = pins.filter((pin) => !socket.hiddenSenders?.has(pin.message.sender.id));
      if (shown.length === pins.length) this.registry.sendRaw(socket, out);
      else this.registry.send(socket, { ...frame, pins: shown });
    }
  }

  private keepReactions(channel: RoomChannel, frame: ReactionsChangedFrame) {
    const withReactions = (message: MessageDto): MessageDto => {
      const { reactions: _old, ...rest } = message;
      return frame.reactions.length ? { ...rest, reactions: frame.reactions } : rest;
    };
    const pending = channel.pending.get(frame.seq);
    if (pending) channel.pending.set(frame.seq, { ...pending, message: withReactions(pending.message) });
    const kept = channel.recent.find((entry) => entry.seq === frame.seq);
    if (kept) {
      const stored = JSON.parse(kept.raw) as NewMessageFrame;
      kept.raw = JSON.stringify({ ...stored, message: withReactions(stored.message) });
    }
  }

  /** A message's link preview came or went: to those who see its sender, and into what this channel keeps to replay. */
  private onPreview(channel: RoomChannel, frame: LinkPreviewFrame) {
    const withPreview = (message: MessageDto): MessageDto => {
      const { linkPreview: _old, ...rest } = message;
      return frame.preview ? { ...rest, linkPreview: frame.preview } : rest;
    };
    const pending = channel.pending.get(frame.seq);
    if (pending) channel.pending.set(frame.seq, { ...pending, message: withPreview(pending.message) });
    const kept = channel.recent.find((entry) => entry.seq === frame.seq);
    if (kept) {
      const stored = JSON.parse(kept.raw) as NewMessageFrame;
      kept.raw = JSON.stringify({ ...stored, message: withPreview(stored.message) });
    }
    const out = new OutgoingFrame(JSON.stringify(frame));
    for (const socket of channel.sockets) if (!socket.hiddenSenders?.has(frame.senderId)) this.registry.sendRaw(socket, out);
  }

  /** Typing: not to the typer's own sockets, nor to those who blocked them (as their messages are not). */
  private onTyping(channel: RoomChannel, frame: UserTypingFrame) {
    const out = new OutgoingFrame(JSON.stringify(frame));
    const typerId = frame.user.id;
    for (const socket of channel.sockets) {
      if (socket.joining !== channel.roomId && socket.user.id !== typerId && !socket.hiddenSenders?.has(typerId)) this.registry.sendRaw(socket, out);
    }
  }

  /** Publishes a frame a gateway makes (typing) on the room's subject, for every gateway's sockets in that room. */
  publish(roomId: number, frame: UserTypingFrame) {
    this.connection().publish(chatRoomEventSubject(roomId), codec.encode(frame));
  }

  /** Writes pending messages that follow the delivered one; a gap left behind is filled after a short wait. */
  private drain(channel: RoomChannel) {
    for (const seq of [...channel.pending.keys()]) if (seq <= channel.delivered) channel.pending.delete(seq);
    let next = channel.pending.get(channel.delivered + 1);
    while (next) {
      channel.pending.delete(next.message.seq);
      this.deliver(channel, next);
      next = channel.pending.get(channel.delivered + 1);
    }
    if (channel.pending.size > 0 && !channel.gapTimer && !channel.filling) {
      channel.gapTimer = setTimeout(() => void this.fillGap(channel), GAP_WAIT_MS);
    } else if (channel.pending.size === 0) {
      clearTimeout(channel.gapTimer);
      channel.gapTimer = undefined;
    }
  }

  private async fillGap(channel: RoomChannel) {
    channel.gapTimer = undefined;
    if (channel.pending.size === 0 || this.channels.get(channel.roomId) !== channel) return;
    channel.filling = true;
    try {
      const upTo = Math.max(...channel.pending.keys());
      const missing = await this.catchUp(channel.roomId, channel.delivered, upTo - channel.delivered);
      for (const message of missing) if (!channel.pending.has(message.seq)) channel.pending.set(message.seq, { type: 'new_message', roomId: channel.roomId, message });
    } catch (error) {
      this.logger.warn(`Filling a gap in room ${channel.roomId} failed: ${(error as Error).message}`);
    } finally {
      channel.filling = false;
      this.drain(channel);
    }
  }

  private deliver(channel: RoomChannel, frame: NewMessageFrame) {
    // A message this gateway missed and fetched (fillGap) may be the answer a send waits for.
    this.answerSend(frame.message);
    const seq = frame.message.seq;
    const raw = JSON.stringify(frame);
    channel.delivered = seq;
    const senderId = frame.message.senderId;
    channel.recent.push({ seq, raw, senderId });
    if (channel.recent.length > RECENT_KEPT) channel.recent.shift();
    const out = new OutgoingFrame(raw);
    for (const socket of channel.sockets) if (socket.joining !== channel.roomId) this.sendToSocket(socket, seq, out, senderId);
  }

  /** Serialised once per message; per socket only a set lookup decides whether its viewer blocked the sender. */
  private sendToSocket(socket: ClientSocket, seq: number, frame: string | OutgoingFrame, senderId: number) {
    if (seq <= socket.roomSeq) return;
    socket.roomSeq = seq;
    if (socket.hiddenSenders?.has(senderId)) return;
    this.registry.sendRaw(socket, frame);
  }

  private async catchUp(roomId: number, afterSeq: number, count: number): Promise<MessageDto[]> {
    const all: MessageDto[] = [];
    let after = afterSeq;
    while (all.length < count) {
      const page = await this.rpc.request(ChatPatterns.CatchUp, { roomId, afterSeq: after, limit: CATCH_UP_PAGE });
      all.push(...page);
      if (page.length < CATCH_UP_PAGE) break;
      after = page[page.length - 1].seq;
    }
    return all;
  }

  /** An event for one person (chat.user.<id>.event): to their signed-in sockets on this gateway, if any. */
  private onUserEvent(msg: Msg) {
    const sockets = this.registry.socketsOf(Number(msg.subject.split('.')[2]));
    if (sockets.length === 0) return;
    const out = new OutgoingFrame(textDecoder.decode(msg.data));
    for (const socket of sockets) if (socket.authenticated) this.registry.sendRaw(socket, out);
  }

  private connection(): NatsConnection {
    if (!this.nc) throw new Error('NATS is not connected yet');
    return this.nc;
  }
}

/** A stored message frame as it reads once a moderator or its sender removed the message. */
function withoutText(frame: NewMessageFrame, removedBy: MessageDeletedFrame['removedBy']): NewMessageFrame {
  const message: MessageDto = { ...frame.message, content: '', type: 'text', formatting: null, metadata: null, removedBy };
  delete message.mentions;
  delete message.editedAt;
  delete message.linkPreview;
  return { ...frame, message };
}
