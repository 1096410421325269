import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const FIELD =
  'w-full rounded-md border bg-card px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50';

/** A field that shows a value without taking input: dashed, muted and without the focus ring, so nobody tries to type. */
export const READ_ONLY_FIELD = 'cursor-default border-dashed bg-muted/40 focus-visible:ring-0';

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

export function Input({ className, ...props }: InputProps) {
  return <input className={cn(FIELD, 'h-10', props.readOnly && READ_ONLY_FIELD, className)} {...props} />;
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

export function Textarea({ className, ...props }: TextareaProps) {
  return <textarea className={cn(FIELD, 'min-h-24', props.readOnly && READ_ONLY_FIELD, className)} {...props} />;
}
