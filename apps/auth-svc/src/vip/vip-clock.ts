import { Injectable } from '@nestjs/common';

/** The time VIP periods are measured by; tests put a clock they move in its place. */
@Injectable()
export class VipClock {
  now(): number {
    return Date.now();
  }
}
