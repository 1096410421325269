// Numbers, money and times as people read them, through Intl: every function takes the locale
// (useFormatLocale() in a component, formatLocale() elsewhere), so the digits, grouping, symbols
// and words are the locale's own, never written by hand.

// Intl's formatters are costly to make and cheap to use: one per locale and options.
const formatters = new Map<string, Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DateTimeFormat>();

function formatter<T extends Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DateTimeFormat>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return formatter('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(value);
}

// Grouping starts at five digits ('min2'), so a four-digit price stays whole (₹2146, as CLDR writes
// Spanish and Polish); larger amounts follow the locale (₹1,00,000.00 in en-IN and hi-IN). The
// symbols are the spec's, $ and ₹, in every locale (en-GB would write US$), so the landing page
// built in English reads the same wherever it is taken over.
const MONEY = { style: 'currency', currencyDisplay: 'narrowSymbol', useGrouping: 'min2' } as const;

/** An amount with its currency's symbol and minor digits: $1,234.50, ₹4292.00, ₹1,00,000.00 (en-IN, hi-IN). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  return formatNumber(amount, locale, { ...MONEY, currency });
}

/** A price: as money, but a whole amount without minor digits ($25, ₹2146, $19.50). */
export function formatPrice(amount: number, currency: string, locale: string): string {
  return formatNumber(amount, locale, { ...MONEY, currency, trailingZeroDisplay: 'stripIfInteger' });
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago (or how soon) `at` is from `now`, in the locale's words: "5 minutes ago",
 * "5 मिनट पहले", "yesterday", "now". Each unit is used up to where the next reads better, as
 * date-fns's distances did: under 45 s is now, then minutes to 45, hours to 22, days to 26.
 */
export function formatRelativeTime(at: Date | string | number, now: number, locale: string): string {
  const ms = new Date(at).getTime() - now;
  const distance = Math.abs(ms);
  const words = formatter('relative', locale, {}, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  if (distance < 45 * SECOND) return words.format(0, 'second');
  if (distance < 45 * MINUTE) return words.format(Math.round(ms / MINUTE), 'minute');
  if (distance < 22 * HOUR) return words.format(Math.round(ms / HOUR), 'hour');
  if (distance < 26 * DAY) return words.format(Math.round(ms / DAY), 'day');
  if (distance < 320 * DAY) return words.format(Math.round(ms / (30 * DAY)), 'month');
  return words.format(Math.round(ms / (365 * DAY)), 'year');
}

/**
 * A calendar date (and, with `time`, the time of day) in the locale's order, words and calendar,
 * in `timeZone` (the browser's when absent).
 */
export function formatDate(at: Date | string | number, locale: string, { time = false, timeZone }: { time?: boolean; timeZone?: string } = {}): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', ...(time ? { timeStyle: 'short' } : {}), timeZone };
  return formatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options)).format(new Date(at));
}

/** A time of day in the locale's words and clock ("9:28 PM", "9:28 pm"), with `seconds` to the second. */
export function formatTime(at: Date | string | number, locale: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const options: Intl.DateTimeFormatOptions = { timeStyle: seconds ? 'medium' : 'short' };
  return formatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options)).format(new Date(at));
}

/** A month and its year ("November 2026", "नवंबर 2026"), in `timeZone` (the browser's when absent). */
export function formatMonth(at: Date | string | number, locale: string, { timeZone }: { timeZone?: string } = {}): string {
  const options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone };
  return formatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options)).format(new Date(at));
}

/** A rating out of five, one decimal in the locale's digits: 4.8/5. */
export function formatRating(rating: number, locale: string): string {
  return `${formatNumber(rating, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}/5`;
}

/** First letter of the name for avatar fallbacks. */
export function initials(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return '?';
  const parts = trimmed.split(/\s+/).slice(0, 2);
  return parts.length > 1 ? `${parts[0][0]}${parts[1][0]}`.toUpperCase() : trimmed[0].toUpperCase();
}
