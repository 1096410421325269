import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { WIZARD_TEXT as T } from '../marketplace-copy';
import type { StepProps } from '../registration-form';

/** Examples of the applicant's work, each a title and a description, added and removed in place. */
export function PortfolioItemsFields({ draft, errors, set }: StepProps) {
  const items = draft.portfolioItems;
  const update = (index: number, change: Partial<(typeof items)[number]>) =>
    set('portfolioItems', items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <section className="space-y-3">
      <div>
        <h3 className="font-semibold">{T.portfolio}</h3>
        <p className="text-xs text-muted-foreground">{T.portfolioHint}</p>
      </div>
      {items.map((item, index) => (
        <div key={index} className="space-y-3 rounded-md border p-3" data-testid="portfolio-item">
          <FormField label={T.itemTitle} error={errors[`portfolioItems.${index}.title`]}>
            {(c) => <Input {...c} value={item.title} maxLength={100} onChange={(e) => update(index, { title: e.target.value })} />}
          </FormField>
          <FormField label={T.itemDescription} error={errors[`portfolioItems.${index}.description`]}>
            {(c) => <Textarea {...c} value={item.description} maxLength={1000} onChange={(e) => update(index, { description: e.target.value })} />}
          </FormField>
          <Button variant="ghost" size="sm" onClick={() => set('portfolioItems', items.filter((_, i) => i !== index))}>
            <Trash2 className="h-4 w-4" aria-hidden /> {T.remove}
          </Button>
        </div>
      ))}
      <Button variant="outline" size="sm" onClick={() => set('portfolioItems', [...items, { title: '', description: '', images: [] }])}>
        <Plus className="h-4 w-4" aria-hidden /> {T.addItem}
      </Button>
    </section>
  );
}
