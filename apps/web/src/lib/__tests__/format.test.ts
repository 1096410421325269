import { formatDate, formatMoney, formatNumber, formatPrice, formatRating, formatRelativeTime } from '../format';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const before = (ms: number) => NOW - ms;
const MINUTE = 60_000;

describe('money', () => {
  it('groups lakhs and crores in en-IN and hi-IN, thousands in en-US', () => {
    expect(formatMoney(100_000, 'INR', 'en-IN')).toBe('₹1,00,000.00');
    expect(formatMoney(100_000, 'INR', 'hi-IN')).toBe('₹1,00,000.00');
    expect(formatMoney(12_345_678.9, 'INR', 'en-IN')).toBe('₹1,23,45,678.90');
    expect(formatMoney(100_000, 'INR', 'en-US')).toBe('₹100,000.00');
    expect(formatMoney(1_234_567.5, 'USD', 'en-US')).toBe('$1,234,567.50');
  });

  it('keeps a four-digit amount whole and the currency its minor digits', () => {
    expect(formatMoney(4292, 'INR', 'en-US')).toBe('₹4292.00');
    expect(formatMoney(4292, 'INR', 'hi-IN')).toBe('₹4292.00');
    expect(formatMoney(50, 'USD', 'en-US')).toBe('$50.00');
    expect(formatMoney(9.99, 'USD', 'hi-IN')).toBe('$9.99');
    expect(formatMoney(9.99, 'USD', 'en-GB')).toBe('$9.99');
  });

  it('writes prices without minor digits when they are whole', () => {
    expect(formatPrice(25, 'USD', 'en-US')).toBe('$25');
    expect(formatPrice(19.5, 'USD', 'en-US')).toBe('$19.50');
    expect(formatPrice(2146, 'INR', 'en-IN')).toBe('₹2146');
    expect(formatPrice(214_600, 'INR', 'hi-IN')).toBe('₹2,14,600');
  });
});

describe('numbers', () => {
  it('groups by the locale and keeps Latin digits in Hindi', () => {
    expect(formatNumber(1_234_567, 'en-US')).toBe('1,234,567');
    expect(formatNumber(1_234_567, 'en-IN')).toBe('12,34,567');
    expect(formatNumber(1_234_567, 'hi-IN')).toBe('12,34,567');
  });

  it('writes a rating with one decimal', () => {
    expect(formatRating(4.75, 'en-US')).toBe('4.8/5');
    expect(formatRating(5, 'hi-IN')).toBe('5.0/5');
  });
});

describe('relative times', () => {
  it('says how long ago in the locale\'s words', () => {
    expect(formatRelativeTime(before(5 * MINUTE), NOW, 'en-US')).toBe('5 minutes ago');
    expect(formatRelativeTime(before(5 * MINUTE), NOW, 'en-IN')).toBe('5 minutes ago');
    expect(formatRelativeTime(before(5 * MINUTE), NOW, 'hi-IN')).toBe('5 मिनट पहले');
    expect(formatRelativeTime(before(MINUTE), NOW, 'en-US')).toBe('1 minute ago');
    expect(formatRelativeTime(before(3 * 60 * MINUTE), NOW, 'hi-IN')).toBe('3 घंटे पहले');
  });

  it('calls the last few seconds now and the day before yesterday', () => {
    expect(formatRelativeTime(before(10_000), NOW, 'en-US')).toBe('now');
    expect(formatRelativeTime(before(10_000), NOW, 'hi-IN')).toBe('अब');
    expect(formatRelativeTime(before(24 * 60 * MINUTE), NOW, 'en-US')).toBe('yesterday');
    expect(formatRelativeTime(before(24 * 60 * MINUTE), NOW, 'hi-IN')).toBe('कल');
  });

  it('moves to the next unit where it reads better', () => {
    expect(formatRelativeTime(before(50 * MINUTE), NOW, 'en-US')).toBe('1 hour ago');
    expect(formatRelativeTime(before(23 * 60 * MINUTE), NOW, 'en-US')).toBe('yesterday');
    expect(formatRelativeTime(before(90 * 24 * 60 * MINUTE), NOW, 'en-US')).toBe('3 months ago');
    expect(formatRelativeTime(NOW + 5 * MINUTE, NOW, 'en-US')).toBe('in 5 minutes');
  });
});

describe('dates', () => {
  const at = '2026-03-05T18:30:00Z';

  it('writes the date in the locale\'s order and words', () => {
    expect(formatDate(at, 'en-US', { timeZone: 'UTC' })).toBe('Mar 5, 2026');
    expect(formatDate(at, 'en-IN', { timeZone: 'UTC' })).toBe('5 Mar 2026');
    expect(formatDate(at, 'hi-IN', { timeZone: 'UTC' })).toBe('5 मार्च 2026');
  });

  it('writes the time in the time zone asked for', () => {
    expect(formatDate(at, 'en-IN', { time: true, timeZone: 'Asia/Kolkata' })).toBe('6 Mar 2026, 12:00 am');
    expect(formatDate(at, 'en-US', { time: true, timeZone: 'America/New_York' })).toBe('Mar 5, 2026, 1:30 PM');
  });
});
