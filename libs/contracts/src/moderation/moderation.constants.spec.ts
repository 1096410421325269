import { formatModerationTime, MUTE_DURATION_PATTERN, muteDurationMs } from './moderation.constants';

describe('moderation durations and times', () => {
  it('accepts the presets and 1 to 30 days, nothing else', () => {
    const accepted = ['1h', '24h', '7d', '1d', '9d', '10d', '29d', '30d'];
    const refused = ['0d', '31d', '2h', '48h', '7', 'd', '07d', '1w', ' 1h', '1h '];
    expect(accepted.filter((d) => MUTE_DURATION_PATTERN.test(d))).toEqual(accepted);
    expect(refused.filter((d) => MUTE_DURATION_PATTERN.test(d))).toEqual([]);
    expect([muteDurationMs('1h'), muteDurationMs('24h'), muteDurationMs('7d'), muteDurationMs('30d')]).toEqual([
      3_600_000, 86_400_000, 7 * 86_400_000, 30 * 86_400_000,
    ]);
  });

  it('writes a time the same way in every runtime, in UTC', () => {
    expect(formatModerationTime('2026-12-03T14:05:59.000Z')).toBe('3 December 2026, 14:05 UTC');
    expect(formatModerationTime(new Date('2027-01-31T00:00:00.000Z'))).toBe('31 January 2027, 00:00 UTC');
  });
});
