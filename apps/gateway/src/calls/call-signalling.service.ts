import { BadRequestException, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  CallHeartbeatFrameDto,
  CallIceFrameDto,
  CallPatterns,
  CallSdpFrameDto,
  callUserSubject,
  ErrorCode,
  fieldErrors,
  firstFieldMessage,
  type CallEndedFrame,
  type CallSignalFrame,
  type CallUserFrame,
  type RelayedCallSignalFrame,
  type UserDto,
} from '@app/contracts';
import { natsConnectionOptions, RpcClient, validationFields, validationOptions } from '@app/server';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate } from 'class-validator';
import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { actorOf } from '../common/actor';
import { gatewayEnv } from '../config/gateway-env';
import type { ClientSocket } from '../realtime/socket-registry';
import { SocketRegistry } from '../realtime/socket-registry';

const codec = JSONCodec<unknown>();
/** How long this gateway trusts an answer about who the two people of a call are. */
const PEER_TTL_MS = 30_000;

interface KnownPair {
  users: [number, number];
  expires: number;
}

/**
 * The call frames of the socket protocol. Each socket's user has a subject (user.<id>.call)
 * this gateway follows while they have a socket here: marketplace-svc publishes call state
 * there, and gateways publish the signalling one browser sends to the other. A signalling frame
 * is relayed only between the two people of an answered call, as marketplace-svc answers; the
 * answer is remembered briefly so ICE candidates do not each ask again, and forgotten when the
 * call ends. Heartbeats go to marketplace-svc, which meters the call by them.
 */
@Injectable()
export class CallSignallingService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CallSignallingService.name);
  private nc?: NatsConnection;
  private readonly followed = new Map<number, Subscription>();
  private readonly pairs = new Map<number, KnownPair>();

  constructor(
    private readonly registry: SocketRegistry,
    private readonly rpc: RpcClient,
  ) {
    for (const type of ['call_offer', 'call_answer'] as const) {
      registry.registerFrame(type, (socket, frame) => this.relay(socket, type, CallSdpFrameDto, frame));
    }
    registry.registerFrame('call_ice', (socket, frame) => this.relay(socket, 'call_ice', CallIceFrameDto, frame));
    registry.registerFrame('call_heartbeat', (socket, frame) => this.heartbeat(socket, frame));
    registry.onAdd((socket) => this.follow(socket.user.id));
    registry.onClose((socket) => this.unfollow(socket.user.id));
  }

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(gatewayEnv().NATS_URL, 'gateway-calls'));
  }

  async onApplicationShutdown() {
    await this.nc?.drain().catch(() => undefined);
  }

  private async relay<T extends CallSdpFrameDto | CallIceFrameDto>(
    socket: ClientSocket,
    type: CallSignalFrame['type'],
    shape: ClassConstructor<T>,
    frame: Record<string, unknown>,
  ) {
    const dto = await checked(shape, frame);
    const peer = await this.peerOf(socket.user, dto.sessionId);
    const signal = { ...dto, type, fromUserId: socket.user.id } as RelayedCallSignalFrame;
    this.connection().publish(callUserSubject(peer), codec.encode(signal));
  }

  private async heartbeat(socket: ClientSocket, frame: Record<string, unknown>) {
    const { sessionId, media } = await checked(CallHeartbeatFrameDto, frame);
    const { session, peerUserId } = await this.rpc.request(CallPatterns.Heartbeat, {
      actor: actorOf(socket.user),
      sessionId,
      media,
    });
    if (session.state === 'ended') {
      this.pairs.delete(sessionId);
      // The end was published once; a page that missed it learns it from its next heartbeat.
      this.registry.send(socket, { type: 'call_ended', reason: session.endReason, session } satisfies CallEndedFrame);
    } else if (session.state !== 'ringing') {
      this.remember(sessionId, socket.user.id, peerUserId);
    }
  }

  /** The other person of an answered call this user takes part in; refused (403, 404, 409) otherwise. */
  private async peerOf(user: UserDto, sessionId: number): Promise<number> {
    const known = this.pairs.get(sessionId);
    if (known && known.expires > Date.now() && known.users.includes(user.id)) {
      return known.users[0] === user.id ? known.users[1] : known.users[0];
    }
    const { peerUserId } = await this.rpc.request(CallPatterns.Peer, { actor: actorOf(user), sessionId });
    this.remember(sessionId, user.id, peerUserId);
    return peerUserId;
  }

  private remember(sessionId: number, userId: number, peerUserId: number) {
    this.pairs.set(sessionId, { users: [userId, peerUserId], expires: Date.now() + PEER_TTL_MS });
  }

  private follow(userId: number) {
    if (this.followed.has(userId)) return;
    const sub = this.connection().subscribe(callUserSubject(userId));
    this.followed.set(userId, sub);
    void (async () => {
      for await (const msg of sub) {
        const raw = new TextDecoder().decode(msg.data);
        this.forgetEnded(raw);
        for (const socket of this.registry.socketsOf(userId)) if (socket.authenticated) this.registry.sendRaw(socket, raw);
      }
    })();
  }

  private unfollow(userId: number) {
    if (this.registry.socketsOf(userId).length > 0) return;
    this.followed.get(userId)?.unsubscribe();
    this.followed.delete(userId);
  }

  private forgetEnded(raw: string) {
    try {
      const frame = JSON.parse(raw) as CallUserFrame;
      if (frame.type === 'call_ended') this.pairs.delete(frame.session.id);
    } catch (error) {
      this.logger.warn(`Unreadable call frame: ${(error as Error).message}`);
    }
  }

  private connection(): NatsConnection {
    if (!this.nc) throw new Error('NATS is not connected yet');
    return this.nc;
  }
}

/** The frame without its type, as the DTO, or a 400 with every field's message. */
async function checked<T extends object>(shape: ClassConstructor<T>, frame: Record<string, unknown>): Promise<T> {
  const { type: _type, ...body } = frame;
  const dto = plainToInstance(shape, body);
  const errors = await validate(dto, validationOptions);
  if (errors.length > 0) {
    const fields = validationFields(errors);
    throw new BadRequestException({ error: 'Bad Request', code: ErrorCode.ValidationFailed, message: firstFieldMessage(fields), ...fieldErrors(fields) });
  }
  return dto;
}
