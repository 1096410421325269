import { ChevronLeft, ChevronRight, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { useRegisterSellerMutation } from '../api/marketplace-api';
import { AGREEMENT_MESSAGES, SELLER_TOASTS, WIZARD_TEXT as T } from '../marketplace-copy';
import { emptyDraft, problemsIn, stepOfField, toRegistration, withoutErrors, type RegistrationDraft } from '../registration-form';
import { BasicInfoStep } from './basic-info-step';
import { PortfolioStep } from './portfolio-step';
import { PricingStep } from './pricing-step';
import { RegistrationErrors } from './registration-errors';
import { ReviewStep } from './review-step';
import { SkillsStep } from './skills-step';
import { WizardProgress } from './wizard-progress';

const LAST_STEP = T.steps.length - 1;
/** The steps with fields to fill; the last one holds only the agreements. */
const FORM_STEPS = T.steps.slice(0, LAST_STEP).map((_, index) => index);

/**
 * The five-step application. Every rule is the server's, shared from the contracts: Next checks
 * the step with them, and an application the server still refuses comes back with each field's
 * message, listed above the form, and the wizard opens the step of the first one.
 */
export function RegistrationWizard() {
  const [, navigate] = useLocation();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<RegistrationDraft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [register, { isLoading }] = useRegisterSellerMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorsRef = useRef<HTMLDivElement>(null);

  function update(changes: Partial<RegistrationDraft>) {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => Object.keys(changes).reduce(withoutErrors, current));
  }

  function set<K extends keyof RegistrationDraft>(key: K, value: RegistrationDraft[K]) {
    update({ [key]: value } as Partial<RegistrationDraft>);
  }

  function go(next: number) {
    setStep(Math.max(0, Math.min(LAST_STEP, next)));
    headingRef.current?.focus();
  }

  /** Lists what the given steps break and opens the first of them; false when nothing does. */
  function stopAtProblems(steps: readonly number[]): boolean {
    const problems = problemsIn(draft, steps);
    const paths = Object.keys(problems);
    if (paths.length === 0) return false;
    const first = Math.min(...paths.map(stepOfField));
    setErrors(problems);
    setStep(first);
    toast({ ...T.stepProblems(T.steps[first], paths.length), variant: 'destructive' });
    // The list renders on this update; bring it into view once it is there.
    requestAnimationFrame(() => errorsRef.current?.scrollIntoView({ block: 'start' }));
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step !== LAST_STEP) {
      if (!stopAtProblems([step])) go(step + 1);
      return;
    }
    if (stopAtProblems(FORM_STEPS)) return;
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
      const fields = fieldErrors(failure);
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

  const stepProps = { draft, errors, set, update };

  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{T.title}</h1>
      <p className="mt-1 text-muted-foreground">{T.subtitle}</p>

      <WizardProgress step={step} />

      <RegistrationErrors ref={errorsRef} errors={errors} step={step} onGoToStep={go} />

      <Card className="mt-6 p-4 sm:p-6">
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={T.title}>
          <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold focus:outline-none">
            {T.steps[step]}
          </h2>
          {step === 0 ? <BasicInfoStep {...stepProps} /> : null}
          {step === 1 ? <SkillsStep {...stepProps} /> : null}
          {step === 2 ? <PricingStep {...stepProps} /> : null}
          {step === 3 ? <PortfolioStep {...stepProps} /> : null}
          {step === 4 ? <ReviewStep draft={draft} set={set} /> : null}

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
