import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import {
  CLIENT_ID_PATTERN,
  ChatPatterns,
  fieldMessage,
  JOIN_BATCH_MAX,
  PRESENCE_HEARTBEAT_MS,
  type JoinRoomRequestDto,
  type JoinRoomResultDto,
  type JoinRoomsResultDto,
  type OnlineUserDto,
  type SendMessageRequestDto,
} from '@app/contracts';
import { INSTANCE, RpcCallError, RpcClient } from '@app/server';
import { randomBytes } from 'node:crypto';
import { HiddenSenders } from '../blocks/hidden-senders';
import { actorOf } from '../common/actor';
import { BatchAdmission } from '../common/admission';
import { GatewayEnv } from '../config/gateway-env';
import { badFrame } from './frame-errors';
import { RoomFanoutService } from './room-fanout.service';
import { ClientSocket, SocketRegistry } from './socket-registry';

/** A join still waiting for its turn after this long is refused with an error frame; the client joins again. */
const JOIN_MAX_WAIT_MS = 60_000;
/** A request of one join answers in milliseconds; a full batch of them, on a busy chat-svc, in seconds. */
const JOIN_BATCH_TIMEOUT_MS = 15_000;

/** A join's answer, its online list either its own or the room's, serialised once for every join of the batch into that room. */
type JoinAnswer = Omit<JoinRoomResultDto, 'onlineUsers'> & ({ onlineUsers: OnlineUserDto[] } | { onlineFrame: string });

/** The chat frames of the socket protocol: join_room, leave_room, send_message. */
@Injectable()
export class ChatFramesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ChatFramesService.name);
  private heartbeat?: NodeJS.Timeout;
  /** This process's name in chat-svc's presence. */
  private readonly instance: string;
  /**
   * Each join asks chat-svc for the room, its history and who is online: a restart's herd of
   * them is let through a few requests at a time, the joins that waited together in each.
   */
  private readonly joins: BatchAdmission<JoinRoomRequestDto, JoinAnswer | RpcCallError>;

  constructor(
    private readonly registry: SocketRegistry,
    private readonly fanout: RoomFanoutService,
    private readonly rpc: RpcClient,
    @Inject(INSTANCE) instance: string,
    private readonly hidden: HiddenSenders,
    env: GatewayEnv,
  ) {
    // A restarted gateway often has its predecessor's name (its host, its port): the presence it
    // keeps must not be taken for the one its predecessor handed over, nor be dropped with it.
    this.instance = `${instance}~${randomBytes(4).toString('hex')}`;
    this.joins = new BatchAdmission(env.ROOM_JOINS_IN_FLIGHT, JOIN_BATCH_MAX, JOIN_MAX_WAIT_MS, (joins) => this.joinMany(joins));
    registry.registerFrame('join_room', (socket, frame) => this.join(socket, frame));
    registry.registerFrame('leave_room', (socket) => this.leave(socket, true));
    registry.registerFrame('send_message', (socket, frame) => this.send(socket, frame));
    // Shutting down, DropInstance (onApplicationShutdown) takes every socket's presence out at once.
    registry.onClose((socket) => (registry.draining ? undefined : void this.leave(socket, false).catch(() => undefined)));
  }

  onApplicationBootstrap() {
    const beat = () =>
      this.rpc.request(ChatPatterns.Heartbeat, { instance: this.instance }, PRESENCE_HEARTBEAT_MS).catch((error: Error) => {
        this.logger.warn(`Presence heartbeat failed: ${error.message}`);
      });
    void beat();
    this.heartbeat = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.heartbeat);
    await this.rpc.request(ChatPatterns.DropInstance, { instance: this.instance }, 2000).catch((error: Error) => {
      // chat-svc's sweeper takes them out once the heartbeat lapses, announcing each as gone.
      this.logger.warn(`Could not hand this gateway's presence over: ${error.message}`);
    });
  }

  private async join(socket: ClientSocket, frame: Record<string, unknown>) {
    const roomId = frame.roomId;
    const lastSeq = frame.lastSeq;
    if (!Number.isInteger(roomId) || (roomId as number) < 1) throw badFrame('roomId', fieldMessage('frame_room_id'));
    if (lastSeq !== undefined && lastSeq !== null && (!Number.isInteger(lastSeq) || (lastSeq as number) < 0)) {
      throw badFrame('lastSeq', fieldMessage('frame_last_seq'));
    }
    // The room it is in stays its room until the new one lets it in: a refused join changes nothing.
    const previous = socket.roomId;
    socket.joining = roomId as number;
    await this.fanout.attach(socket, roomId as number);
    const hiddenVersion = this.hidden.version(socket.user.id);
    let result: JoinAnswer;
    try {
      const answer = await this.joins.run(
        {
          actor: actorOf(socket.user),
          roomId: roomId as number,
          instance: this.instance,
          socketId: socket.id,
          ...(typeof lastSeq === 'number' ? { lastSeq } : {}),
        },
        () => socket.readyState === socket.OPEN,
      );
      if (answer instanceof RpcCallError) throw answer;
      result = answer;
    } catch (error) {
      socket.joining = undefined;
      if (roomId !== previous) this.fanout.detach(socket, roomId as number);
      throw error;
    }
    // A socket closed meanwhile has left its previous room already (onClose).
    if (previous !== undefined && previous !== result.room.id && socket.roomId === previous) await this.leave(socket, false);
    socket.roomId = result.room.id;
    this.hidden.adopt(socket, result.hiddenSenderIds ?? [], hiddenVersion);
    // The socket closed while the join was on its way: take the fresh presence entry back out.
    if (socket.readyState !== socket.OPEN) return this.leave(socket, false);
    this.registry.send(socket, { type: 'room_joined', room: result.room });
    this.registry.send(socket, { type: 'room_messages', roomId: result.room.id, messages: result.messages, hasMore: result.hasMore });
    if ('onlineFrame' in result) this.registry.sendRaw(socket, result.onlineFrame);
    else this.registry.send(socket, { type: 'online_users', roomId: result.room.id, users: result.onlineUsers });
    await this.fanout.joined(socket, result.room.id, result.room.lastSeq);
  }

  /** One request for the joins that waited together; each answered, or refused on its own. */
  private async joinMany(joins: JoinRoomRequestDto[]): Promise<Array<JoinAnswer | RpcCallError>> {
    const { onlineUsers, results }: JoinRoomsResultDto = await this.rpc.request(ChatPatterns.JoinRooms, { joins }, JOIN_BATCH_TIMEOUT_MS);
    const frames = new Map<number, string>();
    const frameOf = (roomId: number) => {
      let frame = frames.get(roomId);
      if (frame === undefined) frames.set(roomId, (frame = JSON.stringify({ type: 'online_users', roomId, users: onlineUsers[roomId] ?? [] })));
      return frame;
    };
    return results.map((result) => {
      if ('error' in result) return new RpcCallError(result.error);
      const { onlineUsers: own, ...joined } = result.joined;
      return own ? { ...joined, onlineUsers: own } : { ...joined, onlineFrame: frameOf(joined.room.id) };
    });
  }

  private async leave(socket: ClientSocket, answer: boolean) {
    const roomId = socket.roomId;
    if (roomId === undefined) return;
    socket.roomId = undefined;
    if (socket.joining === roomId) socket.joining = undefined;
    this.fanout.detach(socket, roomId);
    await this.rpc.request(ChatPatterns.LeaveRoom, { userId: socket.user.id, roomId, instance: this.instance, socketId: socket.id });
    if (answer) this.registry.send(socket, { type: 'room_left', roomId });
  }

  private async send(socket: ClientSocket, frame: Record<string, unknown>) {
    const { type: _type, messageType, roomId: frameRoomId, ...rest } = frame;
    const roomId = frameRoomId ?? socket.roomId;
    if (!Number.isInteger(roomId)) throw badFrame('roomId', fieldMessage('frame_join_first'));
    // chat-svc checks the fields (SendMessageRequestDto, its validation pipe) and answers a bad
    // one with the same 400 and field messages: checking them here too cost the gateway a
    // tenth of its CPU per message. actor and roomId come last, so a frame cannot set them.
    const request = { ...rest, ...(messageType !== undefined ? { type: messageType } : {}), roomId: roomId as number, actor: actorOf(socket.user) } as SendMessageRequestDto;
    // In the room it is in, with a client id, a send is answered by the room's new_message
    // (sendInRoom); otherwise, or when that answer is late, by request.
    const inRoom = typeof request.clientId === 'string' && CLIENT_ID_PATTERN.test(request.clientId) && this.fanout.hearsRoomOf(socket, request.roomId);
    const message =
      (inRoom ? await this.fanout.sendInRoom(request as SendMessageRequestDto & { clientId: string }) : undefined) ??
      (await this.rpc.request(ChatPatterns.SendMessage, request));
    this.registry.send(socket, { type: 'message_ack', clientId: message.clientId, message });
  }
}
