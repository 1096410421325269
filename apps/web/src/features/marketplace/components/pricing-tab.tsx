import { Card } from '@/components/ui/card';
import { EDITOR_AVAILABILITY, EDITOR_TEXT as T, WIZARD_TEXT } from '../marketplace-copy';
import type { EditorTabProps } from '../types';
import { CallFields } from './call-fields';
import { withCurrent } from './form-fields';
import { PriceFields } from './price-fields';
import { SocialLinksFields } from './social-links-fields';

const RATE_LABELS = { audio: T.audioRate, video: T.videoRate };

/** A price box shows what is stored; an emptied one holds no number until something is typed. */
const asText = (price: number) => (Number.isNaN(price) ? '' : String(price));
const asPrice = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Rates, calls and social links. */
export function PricingTab({ shown, set, update, editing }: EditorTabProps) {
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="font-semibold">{T.rates}</h2>
      <PriceFields
        labels={RATE_LABELS}
        prices={{ audio: asText(shown.pricing.audio.price), video: asText(shown.pricing.video.price) }}
        onChange={(kind, text) => set('pricing', { ...shown.pricing, [kind]: { price: asPrice(text), currency: 'USD' } })}
        readOnly={!editing}
      />
      <CallFields values={shown} onChange={update} readOnly={!editing} availabilityOptions={withCurrent(EDITOR_AVAILABILITY, shown.callAvailability)} />
      <h2 className="pt-2 font-semibold">{WIZARD_TEXT.socialLinks}</h2>
      <SocialLinksFields values={shown} onChange={update} readOnly={!editing} />
    </Card>
  );
}
