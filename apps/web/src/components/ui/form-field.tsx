import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/** What the control needs to be tied to its label, hint and error. */
export type FormFieldControl = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

export type FormFieldProps = {
  label: string;
  /** Under the control: a hint, or a live status such as a name's availability. */
  hint?: ReactNode;
  /** The field's problem, shown under it; several messages are shown together. */
  error?: string | readonly string[];
  className?: string;
  children: (control: FormFieldControl) => ReactNode;
};

/** A label, its control and the field's error: every form's field looks and reads the same. */
export function FormField({ label, hint, error, className, children }: FormFieldProps) {
  const id = useId();
  const message = typeof error === 'string' ? error : (error ?? []).join(' ');
  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(message), 'aria-describedby': describedBy })}
      {hint ? (
        <div id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {message ? (
        <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
