import { REGISTRATION_AVAILABILITY, WIZARD_TEXT as T } from '../marketplace-copy';
import type { StepProps } from '../registration-form';
import { CallFields } from './call-fields';
import { PriceFields } from './price-fields';
import { WorkingHoursFields } from './working-hours-fields';

const PRICE_LABELS = { audio: T.audioPricing, video: T.videoPricing };

export function PricingStep({ draft, errors, set, update }: StepProps) {
  return (
    <div className="space-y-4">
      <PriceFields
        labels={PRICE_LABELS}
        prices={{ audio: draft.audioPricing, video: draft.videoPricing }}
        onChange={(kind, text) => set(kind === 'audio' ? 'audioPricing' : 'videoPricing', text)}
        errors={{ audio: errors.audioPricing, video: errors.videoPricing }}
      />
      <CallFields values={draft} onChange={update} errors={errors} availabilityOptions={REGISTRATION_AVAILABILITY} />
      <fieldset className="space-y-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">{T.workingHours}</legend>
        <WorkingHoursFields values={draft} onChange={update} errors={errors} />
      </fieldset>
    </div>
  );
}
