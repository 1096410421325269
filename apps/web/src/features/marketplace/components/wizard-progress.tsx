import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { WIZARD_TEXT as T } from '../marketplace-copy';

export type WizardProgressProps = { step: number };

/** Where the applicant is: "Step n of 5", a bar, and the five steps with the done ones ticked. */
export function WizardProgress({ step }: WizardProgressProps) {
  return (
    <nav aria-label={T.progress} className="mt-6">
      <p className="mb-2 text-sm text-muted-foreground">{T.stepOf(step + 1, T.steps.length)}</p>
      <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={1} aria-valuemax={T.steps.length} aria-valuenow={step + 1} aria-label={T.stepOf(step + 1, T.steps.length)}>
        <div className="h-full bg-primary transition-all" style={{ width: `${((step + 1) / T.steps.length) * 100}%` }} />
      </div>
      <ol className="mt-3 grid grid-cols-5 gap-1 text-center text-xs">
        {T.steps.map((title, index) => (
          <li key={title} aria-current={index === step ? 'step' : undefined} className="flex flex-col items-center gap-1">
            <span
              className={cn(
                'flex h-7 w-7 items-center justify-center rounded-full border text-xs font-semibold',
                index < step && 'border-primary bg-primary text-primary-foreground',
                index === step && 'border-primary text-primary ring-2 ring-primary/30',
                index > step && 'text-muted-foreground',
              )}
            >
              {index < step ? <Check className="h-3.5 w-3.5" aria-hidden /> : index + 1}
            </span>
            <span className={cn('hidden sm:block', index === step ? 'font-medium text-foreground' : 'text-muted-foreground')}>{title}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
