import { cn } from '../lib/cn';
import { Button } from './ui/button';

export type LoadFailedProps = { message: string; retryLabel: string; onRetry: () => void; className?: string };

/** A list or a status that could not be read: what went wrong, and a button to ask again. */
export function LoadFailed({ message, retryLabel, onRetry, className }: LoadFailedProps) {
  return (
    <div className={cn('flex flex-wrap items-center gap-3', className)}>
      <p className="text-sm text-destructive">{message}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
