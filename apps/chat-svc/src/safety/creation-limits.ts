import { Injectable } from '@nestjs/common';
import { DAY_MS, ErrorCode, HOUR_MS, canModerate, describeWaitValues, fieldMessage, type ActorDto, type FieldMessage } from '@app/contracts';
import { rpcError } from '@app/server';
import { ChatEnv } from '../config/chat-env';
import { WindowLimiter } from '../limits/window-limiter';

/** A wait as the refusal's words carry it. */
type WaitValues = ReturnType<typeof describeWaitValues>;

/** A counted creation; handed back when the thing was not created after all. */
export interface CreationSlot {
  key: string;
  slot: string;
}

/** How many public rooms and new private chats one person may create: each a 429 with the wait. */
@Injectable()
export class CreationLimits {
  constructor(
    private readonly limiter: WindowLimiter,
    private readonly env: ChatEnv,
  ) {}

  /** Null for moderators, who open rooms for everyone and are not counted. */
  async takeRoom(actor: ActorDto): Promise<CreationSlot | null> {
    if (canModerate(actor.role)) return null;
    const limit = this.env.PUBLIC_ROOMS_PER_USER_PER_DAY;
    return this.take(`chat:limit:{u:${actor.id}}:rooms`, limit, DAY_MS, (wait) => fieldMessage('rooms_per_day', { max: limit, ...wait }));
  }

  takePrivateChat(actor: ActorDto): Promise<CreationSlot> {
    const limit = this.env.PRIVATE_CHATS_PER_USER_PER_HOUR;
    return this.take(`chat:limit:{u:${actor.id}}:private-chats`, limit, HOUR_MS, (wait) => fieldMessage('private_chats_per_hour', { max: limit, ...wait }));
  }

  async release(slot: CreationSlot | null): Promise<void> {
    if (slot) await this.limiter.release(slot.key, slot.slot);
  }

  private async take(key: string, limit: number, windowMs: number, message: (wait: WaitValues) => FieldMessage): Promise<CreationSlot> {
    const answer = await this.limiter.take(key, limit, windowMs);
    if (answer.allowed) return { key, slot: answer.slot };
    const waitTime = answer.waitMs;
    throw rpcError(429, ErrorCode.RateLimit, message(describeWaitValues(waitTime)), {
      details: { error: ErrorCode.RateLimit, waitTime, retryAfterSeconds: Math.ceil(waitTime / 1000) },
    });
  }
}
