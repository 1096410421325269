/** The time the send limits measure their windows by; tests put a clock they move by hand in its place. */
export abstract class Clock {
  abstract now(): number;
}

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}
