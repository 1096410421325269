import { Inject, Injectable } from '@nestjs/common';
import { canSendMessages, fieldMessage, TYPING_THROTTLE_MS, type UserTypingFrame } from '@app/contracts';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { badFrame, forbiddenFrame } from './frame-errors';
import { RoomFanoutService } from './room-fanout.service';
import { ClientSocket, SocketRegistry } from './socket-registry';

/**
 * The typing frame: a signed-in person (not a guest) whose socket joined the room says they
 * are typing there. One frame per person and room is passed on per TYPING_THROTTLE_MS, counted
 * in Redis so a person with tabs on several gateways is throttled once; the rest are dropped
 * without an answer (the indicator only needs to be renewed). The frame goes out on the room's
 * own event subject, which every gateway holding a socket in that room already follows, so it
 * costs no subscription of its own; each gateway leaves out the typer and those who blocked them.
 */
@Injectable()
export class TypingFramesService {
  constructor(
    registry: SocketRegistry,
    private readonly fanout: RoomFanoutService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    registry.registerFrame('typing', (socket, frame) => this.typing(socket, frame));
  }

  private async typing(socket: ClientSocket, frame: Record<string, unknown>) {
    const roomId = frame.roomId as number;
    if (!Number.isInteger(roomId) || roomId < 1) throw badFrame('roomId', fieldMessage('frame_room_id'));
    if (!canSendMessages(socket.user.role)) throw forbiddenFrame(fieldMessage('typing_guests_cannot'));
    // The join already checked that this person may read the room (a participant, a VIP room's role).
    if (socket.roomId !== roomId || socket.joining === roomId) throw forbiddenFrame(fieldMessage('typing_join_first'));
    const first = await this.redis.set(`typing:${roomId}:${socket.user.id}`, '1', 'PX', TYPING_THROTTLE_MS, 'NX');
    if (first !== 'OK') return;
    const typing: UserTypingFrame = { type: 'user_typing', roomId, user: { id: socket.user.id, username: socket.user.username } };
    this.fanout.publish(roomId, typing);
  }
}
