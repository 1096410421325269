/** Active users as thousands with K+ (spec): 12_345 -> "12K+", below 1000 as is. */
export function formatUserCount(total: number): string {
  if (total < 1000) return String(total);
  return `${Math.round(total / 1000)}K+`;
}

export function formatRating(rating: number): string {
  return `${rating.toFixed(1)}/5`;
}

/** First letter of the name for avatar fallbacks. */
export function initials(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return '?';
  const parts = trimmed.split(/\s+/).slice(0, 2);
  return parts.length > 1 ? `${parts[0][0]}${parts[1][0]}`.toUpperCase() : trimmed[0].toUpperCase();
}
