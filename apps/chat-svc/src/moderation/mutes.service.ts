import { Injectable } from '@nestjs/common';
import { ModerationErrorCode, ModerationMessages, type RoomType } from '@app/contracts';
import { rpcError } from '@app/server';
import { MutesRepository } from './mutes.repository';

/** The send path's check: a muted person reads public rooms but does not write in them. */
@Injectable()
export class MutesService {
  constructor(private readonly mutes: MutesRepository) {}

  async assertMaySend(userId: number, roomType: RoomType): Promise<void> {
    if (roomType !== 'public') return;
    const mute = await this.mutes.inForce(userId);
    if (!mute) return;
    const until = mute.endsAt.toISOString();
    throw rpcError(403, ModerationErrorCode.Muted, ModerationMessages.muted(until), { details: { mutedUntil: until } });
  }
}
