import { PLATFORM_COMMISSION_PERCENT } from '../marketplace/marketplace.constants';

/**
 * Call money, in whole US cents. The server bills with these and the call screen shows the
 * running cost with the same functions, so the two never drift apart.
 */

/** A per-minute USD price (steps of $0.01) in cents. */
export function priceToCents(price: number): number {
  return Math.round(price * 100);
}

export function centsToAmount(cents: number): number {
  return cents / 100;
}

/** Whole seconds of billable time: a part second is not charged. */
export function billableSeconds(billableMs: number): number {
  return Math.max(0, Math.floor(billableMs / 1000));
}

/** Billed by the second at the per-minute rate, rounded to the cent. */
export function callChargeCents(pricePerMinuteCents: number, seconds: number): number {
  return Math.round((pricePerMinuteCents * seconds) / 60);
}

export interface ChargeSplit {
  /** What the buyer pays. */
  charge: number;
  /** The platform's 15%, rounded to the cent. */
  commission: number;
  /** The rest goes to the seller, so charge = commission + earning exactly. */
  earning: number;
}

export function splitCharge(chargeCents: number): ChargeSplit {
  const commission = Math.round((chargeCents * PLATFORM_COMMISSION_PERCENT) / 100);
  return { charge: chargeCents, commission, earning: chargeCents - commission };
}
