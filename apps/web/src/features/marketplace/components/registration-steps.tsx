import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import {
  EDITOR_TEXT,
  PRICE_BOUNDS,
  REGISTRATION_AVAILABILITY,
  REGISTRATION_CATEGORIES,
  RESPONSE_TIME_OPTIONS,
  SELLER_LANGUAGE_OPTIONS,
  SOCIAL_LINK_FIELDS,
  TIME_ZONE_OPTIONS,
  WEEK_DAY_OPTIONS,
  WIZARD_TEXT as T,
} from '../copy';
import type { RegistrationDraft } from '../registration-form';
import { categoryTitle } from '../types';
import { Field, SELECT_CLASS, TagInput, ToggleGroup } from './form-fields';

export type StepProps = {
  draft: RegistrationDraft;
  errors: Record<string, string[]>;
  /** Sets one top-level field and clears its errors. */
  set: <K extends keyof RegistrationDraft>(key: K, value: RegistrationDraft[K]) => void;
};

export function BasicInfoStep({ draft, errors, set }: StepProps) {
  return (
    <div className="space-y-4">
      <Field label={T.displayName} hint={T.displayNameHint} errors={errors.displayName}>
        {(c) => <Input {...c} value={draft.displayName} maxLength={60} onChange={(e) => set('displayName', e.target.value)} />}
      </Field>
      <Field label={T.category} errors={errors.category}>
        {(c) => (
          <select {...c} className={SELECT_CLASS} value={draft.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">{T.chooseCategory}</option>
            {REGISTRATION_CATEGORIES.map((category) => (
              <option key={category.id} value={category.id}>
                {category.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={T.bio} hint={`${T.bioHint} ${draft.bio.trim().length}/500`} errors={errors.bio}>
        {(c) => <Textarea {...c} value={draft.bio} maxLength={520} onChange={(e) => set('bio', e.target.value)} />}
      </Field>
      <Field label={T.aboutMe} hint={`${T.aboutMeHint} ${draft.aboutMe.trim().length}/2000`} errors={errors.aboutMe}>
        {(c) => <Textarea {...c} className="min-h-36" value={draft.aboutMe} maxLength={2020} onChange={(e) => set('aboutMe', e.target.value)} />}
      </Field>
    </div>
  );
}

export function SkillsStep({ draft, errors, set }: StepProps) {
  return (
    <div className="space-y-4">
      <Field label={T.experience} errors={errors.experience}>
        {(c) => (
          <Input {...c} value={draft.experience} maxLength={200} placeholder={T.experiencePlaceholder} onChange={(e) => set('experience', e.target.value)} />
        )}
      </Field>
      <Field label={T.education} errors={errors.education}>
        {(c) => <Textarea {...c} value={draft.education} maxLength={2000} onChange={(e) => set('education', e.target.value)} />}
      </Field>
      <Field label={T.workHistory} errors={errors.workHistory}>
        {(c) => <Textarea {...c} value={draft.workHistory} maxLength={2000} onChange={(e) => set('workHistory', e.target.value)} />}
      </Field>
      <ToggleGroup
        label={T.languages}
        options={SELLER_LANGUAGE_OPTIONS}
        selected={draft.languages}
        onChange={(value) => set('languages', value)}
        errors={errors.languages}
      />
      <TagInput
        label={T.services}
        tags={draft.services}
        onChange={(value) => set('services', value)}
        placeholder={T.servicesPlaceholder}
        errors={errors.services}
        removeLabel={EDITOR_TEXT.removeTag}
      />
      <TagInput
        label={T.specialties}
        tags={draft.specialties}
        onChange={(value) => set('specialties', value)}
        placeholder={T.specialtiesPlaceholder}
        errors={errors.specialties}
        removeLabel={EDITOR_TEXT.removeTag}
      />
      <TagInput
        label={T.certifications}
        tags={draft.certifications}
        onChange={(value) => set('certifications', value)}
        placeholder={T.certificationsPlaceholder}
        errors={errors.certifications}
        removeLabel={EDITOR_TEXT.removeTag}
      />
      <TagInput
        label={T.achievements}
        tags={draft.achievements}
        onChange={(value) => set('achievements', value)}
        placeholder={T.achievementsPlaceholder}
        errors={errors.achievements}
        removeLabel={EDITOR_TEXT.removeTag}
      />
    </div>
  );
}

export function PricingStep({ draft, errors, set }: StepProps) {
  const hours = draft.workingHours;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={T.audioPricing} errors={errors.audioPricing}>
          {(c) => (
            <Input
              {...c}
              type="number"
              inputMode="decimal"
              min={PRICE_BOUNDS.audio.min}
              max={PRICE_BOUNDS.audio.max}
              step={PRICE_BOUNDS.step}
              value={draft.audioPricing}
              onChange={(e) => set('audioPricing', e.target.value)}
            />
          )}
        </Field>
        <Field label={T.videoPricing} errors={errors.videoPricing}>
          {(c) => (
            <Input
              {...c}
              type="number"
              inputMode="decimal"
              min={PRICE_BOUNDS.video.min}
              max={PRICE_BOUNDS.video.max}
              step={PRICE_BOUNDS.step}
              value={draft.videoPricing}
              onChange={(e) => set('videoPricing', e.target.value)}
            />
          )}
        </Field>
      </div>
      <label className="flex items-center justify-between gap-3 rounded-md border p-3">
        <span className="text-sm font-medium">{T.acceptsCalls}</span>
        <Switch checked={draft.acceptsCalls} onCheckedChange={(value) => set('acceptsCalls', value)} aria-label={T.acceptsCalls} />
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={T.callAvailability} errors={errors.callAvailability}>
          {(c) => (
            <select {...c} className={SELECT_CLASS} value={draft.callAvailability} onChange={(e) => set('callAvailability', e.target.value)}>
              {REGISTRATION_AVAILABILITY.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={T.timeZone} errors={errors.timeZone}>
          {(c) => (
            <select {...c} className={SELECT_CLASS} value={draft.timeZone} onChange={(e) => set('timeZone', e.target.value)}>
              {TIME_ZONE_OPTIONS.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={T.responseTime} errors={errors.responseTime}>
          {(c) => (
            <select {...c} className={SELECT_CLASS} value={draft.responseTime} onChange={(e) => set('responseTime', e.target.value)}>
              {RESPONSE_TIME_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="space-y-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">{T.workingHours}</legend>
        <div className="grid grid-cols-2 gap-3">
          <Field label={T.start} errors={errors['workingHours.start']}>
            {(c) => <Input {...c} type="time" value={hours.start} onChange={(e) => set('workingHours', { ...hours, start: e.target.value })} />}
          </Field>
          <Field label={T.end} errors={errors['workingHours.end']}>
            {(c) => <Input {...c} type="time" value={hours.end} onChange={(e) => set('workingHours', { ...hours, end: e.target.value })} />}
          </Field>
        </div>
        <ToggleGroup
          label={T.days}
          options={WEEK_DAY_OPTIONS}
          selected={hours.days}
          onChange={(days) => set('workingHours', { ...hours, days })}
          errors={errors['workingHours.days']}
        />
      </fieldset>
    </div>
  );
}

export function PortfolioStep({ draft, errors, set }: StepProps) {
  const items = draft.portfolioItems;
  const testimonials = draft.testimonials;
  return (
    <div className="space-y-6">
      <section className="space-y-3">
        <div>
          <h3 className="font-semibold">{T.portfolio}</h3>
          <p className="text-xs text-muted-foreground">{T.portfolioHint}</p>
        </div>
        {items.map((item, index) => (
          <div key={index} className="space-y-3 rounded-md border p-3" data-testid="portfolio-item">
            <Field label={T.itemTitle} errors={errors[`portfolioItems.${index}.title`]}>
              {(c) => (
                <Input
                  {...c}
                  value={item.title}
                  maxLength={100}
                  onChange={(e) => set('portfolioItems', items.map((it, i) => (i === index ? { ...it, title: e.target.value } : it)))}
                />
              )}
            </Field>
            <Field label={T.itemDescription} errors={errors[`portfolioItems.${index}.description`]}>
              {(c) => (
                <Textarea
                  {...c}
                  value={item.description}
                  maxLength={1000}
                  onChange={(e) => set('portfolioItems', items.map((it, i) => (i === index ? { ...it, description: e.target.value } : it)))}
                />
              )}
            </Field>
            <Button variant="ghost" size="sm" onClick={() => set('portfolioItems', items.filter((_, i) => i !== index))}>
              <Trash2 className="h-4 w-4" aria-hidden /> {T.remove}
            </Button>
          </div>
        ))}
        <Button variant="outline" size="sm" onClick={() => set('portfolioItems', [...items, { title: '', description: '', images: [] }])}>
          <Plus className="h-4 w-4" aria-hidden /> {T.addItem}
        </Button>
      </section>

      <section className="space-y-3">
        <div>
          <h3 className="font-semibold">{T.testimonials}</h3>
          <p className="text-xs text-muted-foreground">{T.testimonialsHint}</p>
        </div>
        {testimonials.map((entry, index) => {
          const update = (change: Partial<typeof entry>) =>
            set('testimonials', testimonials.map((t, i) => (i === index ? { ...t, ...change } : t)));
          return (
            <div key={index} className="space-y-3 rounded-md border p-3" data-testid="testimonial">
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                <Field label={T.clientName} errors={errors[`testimonials.${index}.clientName`]}>
                  {(c) => <Input {...c} value={entry.clientName} maxLength={100} onChange={(e) => update({ clientName: e.target.value })} />}
                </Field>
                <Field label={T.testimonialRating} errors={errors[`testimonials.${index}.rating`]}>
                  {(c) => (
                    <select {...c} className={SELECT_CLASS} value={entry.rating} onChange={(e) => update({ rating: Number(e.target.value) })}>
                      {[5, 4, 3, 2, 1].map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
              <Field label={T.review} errors={errors[`testimonials.${index}.review`]}>
                {(c) => <Textarea {...c} value={entry.review} maxLength={1000} onChange={(e) => update({ review: e.target.value })} />}
              </Field>
              <Button variant="ghost" size="sm" onClick={() => set('testimonials', testimonials.filter((_, i) => i !== index))}>
                <Trash2 className="h-4 w-4" aria-hidden /> {T.remove}
              </Button>
            </div>
          );
        })}
        <Button variant="outline" size="sm" onClick={() => set('testimonials', [...testimonials, { clientName: '', review: '', rating: 5 }])}>
          <Plus className="h-4 w-4" aria-hidden /> {T.addTestimonial}
        </Button>
      </section>

      <section className="space-y-3">
        <h3 className="font-semibold">{T.socialLinks}</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          {SOCIAL_LINK_FIELDS.map((link) => (
            <Field key={link.id} label={link.label} errors={errors[`socialMediaLinks.${link.id}`]}>
              {(c) => (
                <Input
                  {...c}
                  type="url"
                  inputMode="url"
                  placeholder={link.placeholder}
                  value={draft.socialMediaLinks[link.id] ?? ''}
                  onChange={(e) => set('socialMediaLinks', { ...draft.socialMediaLinks, [link.id]: e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
      </section>
    </div>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{value || T.none}</dd>
    </div>
  );
}

export function ReviewStep({ draft }: Pick<StepProps, 'draft'>) {
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
    </div>
  );
}
