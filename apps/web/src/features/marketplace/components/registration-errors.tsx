import { AlertCircle } from 'lucide-react';
import type { Ref } from 'react';
import { WIZARD_TEXT as T } from '../marketplace-copy';
import { stepOfField } from '../registration-form';

export type RegistrationErrorsProps = {
  ref?: Ref<HTMLDivElement>;
  /** The server's messages by field path. */
  errors: Record<string, string[]>;
  step: number;
  onGoToStep: (step: number) => void;
};

/** Every message of a refused application, each with a way to the step that holds its field. */
export function RegistrationErrors({ ref, errors, step, onGoToStep }: RegistrationErrorsProps) {
  const messages = Object.entries(errors).flatMap(([path, list]) => list.map((message) => ({ path, message })));
  if (!messages.length) return null;
  return (
    <div ref={ref} role="alert" className="mt-6 scroll-mt-20 rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm" data-testid="registration-errors">
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <AlertCircle className="h-4 w-4" aria-hidden /> {T.errorsTitle}
      </p>
      <ul className="mt-2 list-inside list-disc space-y-1">
        {messages.map(({ path, message }) => {
          const target = stepOfField(path);
          return (
            <li key={`${path}:${message}`}>
              {message}
              {target !== step ? (
                <button type="button" className="ml-2 text-primary underline-offset-2 hover:underline" onClick={() => onGoToStep(target)}>
                  {T.goToStep(T.steps[target])}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
