import { Injectable } from '@nestjs/common';
import { fieldMessage, ModerationErrorCode, type RoomType } from '@app/contracts';
import { rpcError } from '@app/server';

/** The send path's check: a muted person reads public rooms but does not write in them. */
@Injectable()
export class MutesService {
  /** Refuses a send into a public room while a mute is in force; mutedUntil is the mute's end as the send's context read it. */
  assertMaySend(mutedUntil: Date | null, roomType: RoomType): void {
    if (roomType !== 'public' || !mutedUntil) return;
    const until = mutedUntil.toISOString();
    throw rpcError(403, ModerationErrorCode.Muted, fieldMessage('muted', { until }), { details: { mutedUntil: until } });
  }
}
