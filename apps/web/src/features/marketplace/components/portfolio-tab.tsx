import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EDITOR_TEXT as T, WIZARD_TEXT } from '../marketplace-copy';
import type { EditorTabProps } from '../types';
import { TagInput } from './form-fields';

/** Certifications, achievements and portfolio items (added through two prompts, as the spec has it). */
export function PortfolioTab({ shown, set, editing }: EditorTabProps) {
  const items = shown.portfolioItems;

  function addPortfolioItem() {
    const title = window.prompt(T.portfolioTitlePrompt)?.trim();
    if (!title) return;
    const description = window.prompt(T.portfolioDescriptionPrompt)?.trim() ?? '';
    set('portfolioItems', [...items, { title, description, images: [] }]);
  }

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <TagInput label={T.certifications} tags={shown.certifications} onChange={(v) => set('certifications', v)} disabled={!editing} placeholder={T.addTagHint} removeLabel={T.removeTag} />
      <TagInput label={T.achievements} tags={shown.achievements} onChange={(v) => set('achievements', v)} disabled={!editing} placeholder={T.addTagHint} removeLabel={T.removeTag} />
      <div>
        <h2 className="mb-2 text-sm font-medium">{WIZARD_TEXT.portfolio}</h2>
        {items.length ? (
          <ul className="space-y-2">
            {items.map((item, index) => (
              <li key={`${item.title}-${index}`} className="flex items-start justify-between gap-3 rounded-md border p-3" data-testid="portfolio-item">
                <div className="min-w-0">
                  <p className="font-medium break-words">{item.title}</p>
                  <p className="text-sm break-words text-muted-foreground">{item.description}</p>
                </div>
                {editing ? (
                  <Button variant="ghost" size="icon" aria-label={`${WIZARD_TEXT.remove} ${item.title}`} onClick={() => set('portfolioItems', items.filter((_, i) => i !== index))}>
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{T.noPortfolio}</p>
        )}
        {editing ? (
          <Button variant="outline" size="sm" className="mt-3" onClick={addPortfolioItem}>
            <Plus className="h-4 w-4" aria-hidden /> {T.addPortfolio}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
