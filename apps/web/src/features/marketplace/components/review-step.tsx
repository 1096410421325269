import { Checkbox } from '@/components/ui/checkbox';
import { WIZARD_TEXT as T } from '../marketplace-copy';
import type { StepProps } from '../registration-form';
import { categoryTitle } from '../types';

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{value || T.none}</dd>
    </div>
  );
}

/** The summary of the application, the review note and the two agreements it needs. */
export function ReviewStep({ draft, set }: Pick<StepProps, 'draft' | 'set'>) {
  const list = (items: string[]) => items.join(', ');
  return (
    <div className="space-y-4">
      <h3 className="font-semibold">{T.summary}</h3>
      <dl className="divide-y rounded-md border px-3" data-testid="registration-summary">
        <SummaryRow label={T.displayName} value={draft.displayName.trim()} />
        <SummaryRow label={T.category} value={draft.category ? categoryTitle(draft.category) : ''} />
        <SummaryRow label={T.bio} value={draft.bio.trim()} />
        <SummaryRow label={T.experience} value={draft.experience.trim()} />
        <SummaryRow label={T.languages} value={list(draft.languages)} />
        <SummaryRow label={T.services} value={list(draft.services)} />
        <SummaryRow label={T.specialties} value={list(draft.specialties)} />
        <SummaryRow label={T.audioPricing} value={draft.audioPricing ? `$${draft.audioPricing}` : ''} />
        <SummaryRow label={T.videoPricing} value={draft.videoPricing ? `$${draft.videoPricing}` : ''} />
        <SummaryRow label={T.acceptsCalls} value={draft.acceptsCalls ? T.yes : T.no} />
        <SummaryRow label={T.timeZone} value={draft.timeZone} />
        <SummaryRow label={T.responseTime} value={draft.responseTime} />
        <SummaryRow
          label={T.workingHours}
          value={`${draft.workingHours.start}-${draft.workingHours.end}, ${list(draft.workingHours.days)}`}
        />
        <SummaryRow label={T.portfolio} value={list(draft.portfolioItems.map((item) => item.title.trim()).filter(Boolean))} />
      </dl>
      <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900 dark:bg-blue-950/40 dark:text-blue-200">{T.reviewNote}</p>
      <div className="space-y-3">
        <label className="flex items-start gap-3 text-sm">
          <Checkbox checked={draft.agreeToTerms} onCheckedChange={(value) => set('agreeToTerms', value === true)} className="mt-0.5" />
          <span>{T.agreeToTerms}</span>
        </label>
        <label className="flex items-start gap-3 text-sm">
          <Checkbox checked={draft.agreeToCommission} onCheckedChange={(value) => set('agreeToCommission', value === true)} className="mt-0.5" />
          <span>{T.agreeToCommission}</span>
        </label>
      </div>
    </div>
  );
}
