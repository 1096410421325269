import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { WIZARD_TEXT as T } from '../marketplace-copy';
import type { StepProps } from '../registration-form';
import { SELECT_CLASS } from './form-fields';

/** What earlier clients said: name, rating and review, added and removed in place. */
export function TestimonialsFields({ draft, errors, set }: StepProps) {
  const testimonials = draft.testimonials;
  const update = (index: number, change: Partial<(typeof testimonials)[number]>) =>
    set('testimonials', testimonials.map((t, i) => (i === index ? { ...t, ...change } : t)));
  return (
    <section className="space-y-3">
      <div>
        <h3 className="font-semibold">{T.testimonials}</h3>
        <p className="text-xs text-muted-foreground">{T.testimonialsHint}</p>
      </div>
      {testimonials.map((entry, index) => (
        <div key={index} className="space-y-3 rounded-md border p-3" data-testid="testimonial">
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <FormField label={T.clientName} error={errors[`testimonials.${index}.clientName`]}>
              {(c) => <Input {...c} value={entry.clientName} maxLength={100} onChange={(e) => update(index, { clientName: e.target.value })} />}
            </FormField>
            <FormField label={T.testimonialRating} error={errors[`testimonials.${index}.rating`]}>
              {(c) => (
                <select {...c} className={SELECT_CLASS} value={entry.rating} onChange={(e) => update(index, { rating: Number(e.target.value) })}>
                  {[5, 4, 3, 2, 1].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <FormField label={T.review} error={errors[`testimonials.${index}.review`]}>
            {(c) => <Textarea {...c} value={entry.review} maxLength={1000} onChange={(e) => update(index, { review: e.target.value })} />}
          </FormField>
          <Button variant="ghost" size="sm" onClick={() => set('testimonials', testimonials.filter((_, i) => i !== index))}>
            <Trash2 className="h-4 w-4" aria-hidden /> {T.remove}
          </Button>
        </div>
      ))}
      <Button variant="outline" size="sm" onClick={() => set('testimonials', [...testimonials, { clientName: '', review: '', rating: 5 }])}>
        <Plus className="h-4 w-4" aria-hidden /> {T.addTestimonial}
      </Button>
    </section>
  );
}
