/** A clock that stands still until the test moves it (it answers `now()` in ms, as the services' clocks do). */
export class ManualClock {
  constructor(private time: number) {}

  now(): number {
    return this.time;
  }

  advance(ms: number): void {
    this.time += ms;
  }
}
