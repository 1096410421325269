/** Prices are stored in USD; buyers in India see INR, everyone else USD. */
export const CURRENCIES = ['USD', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: '$', INR: '₹' };
export const FALLBACK_USD_INR_RATE = 85.84;
export const FX_TIMEOUT_MS = 3000;
export const FX_CACHE_SECONDS = 60 * 60;
export const DEFAULT_COUNTRY = { countryCode: 'US', countryName: 'United States' } as const;

export function currencyForCountry(countryCode: string): Currency {
  return countryCode === 'IN' ? 'INR' : 'USD';
}

/** A USD price in the buyer's currency; converted prices are rounded to whole units. */
export function convertPrice(usd: number, currency: Currency, rate: number): number {
  return currency === 'USD' ? usd : Math.round(usd * rate);
}

/** GET /api/locale: where the buyer is and how to show prices to them. */
export interface LocaleDto {
  countryCode: string;
  countryName: string;
  currency: Currency;
  /** Units of `currency` per USD (1 for USD). */
  rate: number;
  symbol: string;
}
