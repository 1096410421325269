import { RESPONSE_TIMES } from '@app/contracts';

export interface RankingInput {
  /** Exact average of the seller's reviews (0 without reviews). */
  averageRating: number;
  reviewCount: number;
  totalSessions: number;
  responseTime: string;
}

/** The rating a seller without reviews is assumed to have, and how many reviews it weighs. */
const PRIOR_RATING = 3.5;
const PRIOR_WEIGHT = 5;
const REVIEWS_FOR_FULL_VOLUME = 100;
const SESSIONS_FOR_FULL_EXPERIENCE = 500;

/** How quickly a seller promises to answer, as a share of the best promise. */
const RESPONSIVENESS: Record<(typeof RESPONSE_TIMES)[number], number> = {
  'within 15 minutes': 1,
  'within 1 hour': 0.8,
  'within 2 hours': 0.6,
  'within 24 hours': 0.3,
};

/**
 * Ranking score, 0 to 100, which orders the marketplace and picks the featured sellers:
 *
 *   score = 100 × (0.45·R + 0.20·V + 0.20·S + 0.15·P), rounded to two decimals
 *
 *   R  quality: the Bayesian average rating / 5, (3.5·5 + Σ ratings) / (5 + n), so that a
 *      single 5-star review does not outrank fifty reviews averaging 4.8
 *   V  review volume: log10(1 + n) / log10(101), capped at 1 (full at 100 reviews)
 *   S  experience: log10(1 + sessions) / log10(501), capped at 1 (full at 500 sessions)
 *   P  responsiveness by the promised response time: 15 minutes 1, 1 hour 0.8,
 *      2 hours 0.6, 24 hours 0.3
 *
 * Logarithms reward the first reviews and sessions most, so newcomers can climb while
 * established sellers do not run away with the list.
 */
export function rankingScore({ averageRating, reviewCount, totalSessions, responseTime }: RankingInput): number {
  const bayesian = (PRIOR_RATING * PRIOR_WEIGHT + averageRating * reviewCount) / (PRIOR_WEIGHT + reviewCount);
  const quality = bayesian / 5;
  const volume = Math.min(1, Math.log10(1 + reviewCount) / Math.log10(1 + REVIEWS_FOR_FULL_VOLUME));
  const experience = Math.min(1, Math.log10(1 + totalSessions) / Math.log10(1 + SESSIONS_FOR_FULL_EXPERIENCE));
  const responsiveness = RESPONSIVENESS[responseTime as keyof typeof RESPONSIVENESS] ?? RESPONSIVENESS['within 24 hours'];
  const score = 100 * (0.45 * quality + 0.2 * volume + 0.2 * experience + 0.15 * responsiveness);
  return Math.round(score * 100) / 100;
}

/** Ratings are shown to one decimal. */
export function roundRating(average: number): number {
  return Math.round(average * 10) / 10;
}
