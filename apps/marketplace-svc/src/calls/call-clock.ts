import { Injectable } from '@nestjs/common';

/**
 * The clock calls are metered by. Every replica reads its own system clock (kept in step by
 * NTP); tests replace this provider to move time without waiting.
 */
@Injectable()
export class CallClock {
  now(): Date {
    return new Date();
  }
}
