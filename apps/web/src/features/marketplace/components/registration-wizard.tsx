import { AlertCircle, Check, ChevronLeft, ChevronRight, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { errorBody, errorMessage } from '../../../lib/errors';
import { useRegisterSellerMutation } from '../api/marketplace-api';
import { AGREEMENT_MESSAGES, SELLER_TOASTS, WIZARD_TEXT as T } from '../copy';
import { emptyDraft, stepOfField, toRegistration, withoutErrors, type RegistrationDraft } from '../registration-form';
import { BasicInfoStep, PortfolioStep, PricingStep, ReviewStep, SkillsStep } from './registration-steps';

const LAST_STEP = T.steps.length - 1;

/**
 * The five-step application. Every rule is the server's: a refused application comes back with
 * each field's message, listed above the form, and the wizard opens the step of the first one.
 */
export function RegistrationWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<RegistrationDraft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [register, { isLoading }] = useRegisterSellerMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorsRef = useRef<HTMLDivElement>(null);

  function set<K extends keyof RegistrationDraft>(key: K, value: RegistrationDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutErrors(current, key));
  }

  function go(next: number) {
    setStep(Math.max(0, Math.min(LAST_STEP, next)));
    headingRef.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step !== LAST_STEP) {
      go(step + 1);
      return;
    }
    if (!draft.agreeToTerms) {
      toast({ ...SELLER_TOASTS.termsRequired, variant: 'destructive' });
      setErrors((current) => ({ ...current, agreeToTerms: [AGREEMENT_MESSAGES.agreeToTerms] }));
      return;
    }
    if (!draft.agreeToCommission) {
      toast({ ...SELLER_TOASTS.commissionRequired, variant: 'destructive' });
      setErrors((current) => ({ ...current, agreeToCommission: [AGREEMENT_MESSAGES.agreeToCommission] }));
      return;
    }
    try {
      await register(toRegistration(draft)).unwrap();
      toast(SELLER_TOASTS.registered);
      navigate('/profile');
    } catch (failure) {
      const fields = errorBody(failure)?.fields;
      if (fields && Object.keys(fields).length) {
        setErrors(fields);
        setStep(Math.min(...Object.keys(fields).map(stepOfField)));
        // The list renders on this update; bring it into view once it is there.
        requestAnimationFrame(() => errorsRef.current?.scrollIntoView({ block: 'start' }));
      }
      toast({
        title: SELLER_TOASTS.registrationFailed.title,
        description: errorMessage(failure, SELLER_TOASTS.registrationFailed.fallback),
        variant: 'destructive',
      });
    }
  }

  const messages = Object.entries(errors).flatMap(([path, list]) => list.map((message) => ({ path, message })));
  const stepProps = { draft, errors, set };

  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{T.title}</h1>
      <p className="mt-1 text-muted-foreground">{T.subtitle}</p>

      <nav aria-label="Progress" className="mt-6">
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

      {messages.length ? (
        <div ref={errorsRef} role="alert" className="mt-6 scroll-mt-20 rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm" data-testid="registration-errors">
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
                    <button type="button" className="ml-2 text-primary underline-offset-2 hover:underline" onClick={() => go(target)}>
                      {T.goToStep(T.steps[target])}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      <Card className="mt-6 p-4 sm:p-6">
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={T.title}>
          <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold focus:outline-none">
            {T.steps[step]}
          </h2>
          {step === 0 ? <BasicInfoStep {...stepProps} /> : null}
          {step === 1 ? <SkillsStep {...stepProps} /> : null}
          {step === 2 ? <PricingStep {...stepProps} /> : null}
          {step === 3 ? <PortfolioStep {...stepProps} /> : null}
          {step === 4 ? (
            <>
              <ReviewStep draft={draft} />
              <div className="mt-4 space-y-3">
                <label className="flex items-start gap-3 text-sm">
                  <Checkbox checked={draft.agreeToTerms} onCheckedChange={(value) => set('agreeToTerms', value === true)} className="mt-0.5" />
                  <span>{T.agreeToTerms}</span>
                </label>
                <label className="flex items-start gap-3 text-sm">
                  <Checkbox checked={draft.agreeToCommission} onCheckedChange={(value) => set('agreeToCommission', value === true)} className="mt-0.5" />
                  <span>{T.agreeToCommission}</span>
                </label>
              </div>
            </>
          ) : null}

          <div className="mt-6 flex justify-between gap-3 border-t pt-4">
            <Button variant="outline" onClick={() => go(step - 1)} disabled={step === 0 || isLoading}>
              <ChevronLeft className="h-4 w-4" aria-hidden /> {T.previous}
            </Button>
            {step < LAST_STEP ? (
              <Button type="submit">
                {T.next} <ChevronRight className="h-4 w-4" aria-hidden />
              </Button>
            ) : (
              <Button type="submit" disabled={isLoading}>
                <Send className="h-4 w-4" aria-hidden /> {isLoading ? T.submitting : T.submit}
              </Button>
            )}
          </div>
        </form>
      </Card>
    </div>
  );
}
