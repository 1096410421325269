import { BadRequestException, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import {
  ChatPatterns,
  ErrorCode,
  PRESENCE_HEARTBEAT_MS,
  SendMessageDto,
  type JoinRoomResultDto,
} from '@app/contracts';
import { firstMessage, INSTANCE, RpcClient, validationFields, validationOptions } from '@app/server';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { HiddenSenders } from '../blocks/hidden-senders';
import { actorOf } from '../common/actor';
import { RoomFanoutService } from './room-fanout.service';
import { ClientSocket, SocketRegistry } from './socket-registry';

/** The chat frames of the socket protocol: join_room, leave_room, send_message. */
@Injectable()
export class ChatFramesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ChatFramesService.name);
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly registry: SocketRegistry,
    private readonly fanout: RoomFanoutService,
    private readonly rpc: RpcClient,
    @Inject(INSTANCE) private readonly instance: string,
    private readonly hidden: HiddenSenders,
  ) {
    registry.registerFrame('join_room', (socket, frame) => this.join(socket, frame));
    registry.registerFrame('leave_room', (socket) => this.leave(socket, true));
    registry.registerFrame('send_message', (socket, frame) => this.send(socket, frame));
    registry.onClose((socket) => void this.leave(socket, false).catch(() => undefined));
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
    await this.rpc.request(ChatPatterns.DropInstance, { instance: this.instance }, 2000).catch(() => undefined);
  }

  private async join(socket: ClientSocket, frame: Record<string, unknown>) {
    const roomId = frame.roomId;
    const lastSeq = frame.lastSeq;
    if (!Number.isInteger(roomId) || (roomId as number) < 1) throw badFrame('roomId', 'roomId must be a room id');
    if (lastSeq !== undefined && lastSeq !== null && (!Number.isInteger(lastSeq) || (lastSeq as number) < 0)) {
      throw badFrame('lastSeq', 'lastSeq must be a whole number');
    }
    if (socket.roomId !== undefined) await this.leave(socket, false);
    socket.joining = true;
    await this.fanout.attach(socket, roomId as number);
    const hiddenVersion = this.hidden.version(socket.user.id);
    let result: JoinRoomResultDto;
    try {
      result = await this.rpc.request(ChatPatterns.JoinRoom, {
        actor: actorOf(socket.user),
        roomId: roomId as number,
        instance: this.instance,
        socketId: socket.id,
        ...(typeof lastSeq === 'number' ? { lastSeq } : {}),
      });
    } catch (error) {
      socket.joining = false;
      this.fanout.detach(socket, roomId as number);
      throw error;
    }
    socket.roomId = result.room.id;
    this.hidden.adopt(socket, result.hiddenSenderIds ?? [], hiddenVersion);
    // The socket closed while the join was on its way: take the fresh presence entry back out.
    if (socket.readyState !== socket.OPEN) return this.leave(socket, false);
    this.registry.send(socket, { type: 'room_joined', room: result.room });
    this.registry.send(socket, { type: 'room_messages', roomId: result.room.id, messages: result.messages, hasMore: result.hasMore });
    this.registry.send(socket, { type: 'online_users', roomId: result.room.id, users: result.onlineUsers });
    await this.fanout.joined(socket, result.room.id, result.room.lastSeq);
  }

  private async leave(socket: ClientSocket, answer: boolean) {
    const roomId = socket.roomId;
    if (roomId === undefined) return;
    socket.roomId = undefined;
    socket.joining = false;
    this.fanout.detach(socket, roomId);
    await this.rpc.request(ChatPatterns.LeaveRoom, { userId: socket.user.id, roomId, instance: this.instance, socketId: socket.id });
    if (answer) this.registry.send(socket, { type: 'room_left', roomId });
  }

  private async send(socket: ClientSocket, frame: Record<string, unknown>) {
    const { type: _type, messageType, roomId: frameRoomId, ...rest } = frame;
    const roomId = frameRoomId ?? socket.roomId;
    if (!Number.isInteger(roomId)) throw badFrame('roomId', 'Join a room before sending messages');
    const body = { ...rest, ...(messageType !== undefined ? { type: messageType } : {}) };
    const dto = plainToInstance(SendMessageDto, body);
    const errors = await validate(dto, validationOptions);
    if (errors.length > 0) {
      const fields = validationFields(errors);
      throw new BadRequestException({ error: 'Bad Request', code: ErrorCode.ValidationFailed, message: firstMessage(fields), fields });
    }
    const message = await this.rpc.request(ChatPatterns.SendMessage, { ...dto, roomId: roomId as number, actor: actorOf(socket.user) });
    this.registry.send(socket, { type: 'message_ack', clientId: message.clientId, message });
  }
}

function badFrame(field: string, message: string) {
  return new BadRequestException({ error: 'Bad Request', code: ErrorCode.ValidationFailed, message, fields: { [field]: [message] } });
}
