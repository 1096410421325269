import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';

export type SectionCardProps = {
  /** The heading's id: it names the region, and a link may lead to it (/notifications#my-reports). */
  titleId: string;
  title: ReactNode;
  icon?: LucideIcon;
  description?: ReactNode;
  /** A button beside the heading (Mark as read). */
  action?: ReactNode;
  /** What cannot be undone (deleting the account): the border and the icon in red. */
  destructive?: boolean;
  className?: string;
  children?: ReactNode;
};

/** A titled part of a screen (a Settings section, one's own reports): a card, a region its heading names. */
export function SectionCard({ titleId, title, icon: Icon, description, action, destructive = false, className, children }: SectionCardProps) {
  const heading = (
    <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
      {Icon ? <Icon className={cn('h-5 w-5', destructive ? 'text-destructive' : 'text-primary')} aria-hidden /> : null}
      {title}
    </h2>
  );
  return (
    <Card className={cn('p-5', destructive && 'border-destructive/40', className)} role="region" aria-labelledby={titleId}>
      {action ? (
        <div className="flex items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      {children}
    </Card>
  );
}
