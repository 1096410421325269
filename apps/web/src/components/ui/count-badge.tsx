import { cn } from '@/lib/cn';

/** More than this shows as "99+". */
const SHOWN_MAX = 99;

export type CountBadgeProps = { count: number; className?: string };

/** A small red count of unread things; nothing when there is none. */
export function CountBadge({ count, className }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <>
      <span
        className={cn('inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-500 px-1.5 text-xs leading-none font-semibold text-white', className)}
        data-testid="unread-count"
        aria-hidden
      >
        {count > SHOWN_MAX ? `${SHOWN_MAX}+` : count}
      </span>
      <span className="sr-only"> ({count} unread)</span>
    </>
  );
}
