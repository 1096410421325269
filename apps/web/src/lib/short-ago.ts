import { formatDistanceToNowStrict } from 'date-fns';

// A module of its own: date-fns comes with it, and only the lists that show these times need it.
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
