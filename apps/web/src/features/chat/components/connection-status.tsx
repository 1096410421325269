import { cn } from '@/lib/cn';
import type { Connection } from '../hooks/use-connection';

export type ConnectionStatusProps = {
  connection: Connection;
  /** While online only the dot shows (a private chat's header tells the other person's presence instead). */
  quietWhenOnline?: boolean;
};

/** The reader's connection in the room header: a dot and the words the composer and online count use too. */
export function ConnectionStatus({ connection, quietWhenOnline = false }: ConnectionStatusProps) {
  const { status, online, label } = connection;
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5">
      <span
        className={cn(
          'h-2 w-2 rounded-full',
          online ? 'bg-green-500' : status === 'offline' ? 'bg-red-500' : 'animate-pulse bg-amber-500',
        )}
        aria-hidden
      />
      <span data-testid="connection-status" className={cn(online && quietWhenOnline && 'sr-only')}>
        {label}
      </span>
    </span>
  );
}
