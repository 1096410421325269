import type { CallSessionDto, Currency } from '@app/contracts';
import { billableSeconds, callChargeCents, centsToAmount, convertPrice, CURRENCY_SYMBOLS, priceToCents, splitCharge } from '@app/contracts/browser';
import { formatLocale } from '@/i18n/i18n';
import { formatMoney as formatLocaleMoney } from '@/lib/format';
import { formatPrice } from '../marketplace/types';

export function formatMoney(amount: number, currency: Currency): string {
  return formatLocaleMoney(amount, currency, formatLocale());
}

/** A per-minute price the way the profile shows it ($25, $19.50, ₹2146). */
export function formatRate(price: number, currency: Currency = 'USD'): string {
  return formatPrice({ price, currency, symbol: CURRENCY_SYMBOLS[currency] });
}

/** A USD per-minute price as the buyer saw it when the call started (INR in whole rupees, as the profile converts). */
export function buyerPrice(session: Pick<CallSessionDto, 'displayCurrency' | 'displayRate'>, usd: number): string {
  return formatRate(convertPrice(usd, session.displayCurrency, session.displayRate), session.displayCurrency);
}

export interface RunningMoney {
  /** What the buyer owes so far, in the currency they saw prices in. */
  cost: string;
  /** The seller's 85% so far, in USD. */
  earning: string;
}

/**
 * The meter as the screen shows it, computed with the server's own billing functions so the
 * last figure on screen is the figure on the bill. Null until the price is fixed (on answer).
 */
export function runningMoney(
  session: Pick<CallSessionDto, 'pricePerMinute' | 'displayCurrency' | 'displayRate'>,
  billableMs: number,
): RunningMoney | null {
  if (session.pricePerMinute === null) return null;
  const chargeCents = callChargeCents(priceToCents(session.pricePerMinute), billableSeconds(billableMs));
  return {
    cost: formatMoney(centsToAmount(Math.round(chargeCents * session.displayRate)), session.displayCurrency),
    earning: formatMoney(centsToAmount(splitCharge(chargeCents).earning), 'USD'),
  };
}

/** 0:05, 12:34, 1:02:03. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
