import { formatDistanceToNowStrict } from 'date-fns';

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

/** Spec: lists show relative times as m, h or d ago. */
export function shortAgo(timestamp: string, now = Date.now()): string {
  const distance = formatDistanceToNowStrict(new Date(Math.min(Date.parse(timestamp), now)), { roundingMethod: 'floor' });
  const [value, unit] = distance.split(' ');
  if (unit.startsWith('second')) return 'now';
  if (unit.startsWith('minute')) return `${value}m ago`;
  if (unit.startsWith('hour')) return `${value}h ago`;
  const days = Math.floor((now - Date.parse(timestamp)) / 86_400_000);
  return `${days}d ago`;
}
