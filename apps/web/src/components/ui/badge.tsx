import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-muted text-foreground',
  outline: 'text-foreground',
} as const;

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof VARIANTS };

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', VARIANTS[variant], className)}
      {...props}
    />
  );
}
