import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

export type TagInputProps = {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  placeholder?: string;
  errors?: string[];
  disabled?: boolean;
  removeLabel: (tag: string) => string;
};

/** Tags added by pressing Enter (empty text and repeats are ignored) and removed by their button. */
export function TagInput({ label, tags, onChange, placeholder, errors, disabled = false, removeLabel }: TagInputProps) {
  const [text, setText] = useState('');

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const tag = text.trim();
    if (!tag) return;
    if (!tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) onChange([...tags, tag]);
    setText('');
  }

  return (
    <FormField label={label} error={errors}>
      {(control) => (
        <div>
          {tags.length ? (
            <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={label}>
              {tags.map((tag) => (
                <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-muted py-1 pr-1 pl-3 text-sm">
                  {tag}
                  {disabled ? null : (
                    <button
                      type="button"
                      onClick={() => onChange(tags.filter((t) => t !== tag))}
                      className="rounded-full p-0.5 hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      aria-label={removeLabel(tag)}
                    >
                      <X className="h-3.5 w-3.5" aria-hidden />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {disabled ? null : (
            <Input
              {...control}
              value={text}
              placeholder={placeholder}
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              enterKeyHint="enter"
            />
          )}
        </div>
      )}
    </FormField>
  );
}

export type ToggleGroupProps = {
  label: string;
  options: readonly string[];
  selected: string[];
  onChange: (selected: string[]) => void;
  errors?: string[];
  disabled?: boolean;
};

/** A set of on/off choices (languages, working days) as pressable chips. */
export function ToggleGroup({ label, options, selected, onChange, errors, disabled = false }: ToggleGroupProps) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <p id={id} className="text-sm font-medium">
        {label}
      </p>
      <div role="group" aria-labelledby={id} className="flex flex-wrap gap-1.5">
        {options.map((option) => {
          const on = selected.includes(option);
          return (
            <button
              key={option}
              type="button"
              disabled={disabled}
              aria-pressed={on}
              onClick={() => onChange(on ? selected.filter((s) => s !== option) : [...selected, option])}
              className={cn(
                'rounded-full border px-3 py-1 text-sm transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default',
                on ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-muted',
              )}
            >
              {option}
            </button>
          );
        })}
      </div>
      {errors?.length ? <p className="text-xs text-destructive">{errors.join(' ')}</p> : null}
    </div>
  );
}

export const SELECT_CLASS =
  'h-10 w-full rounded-md border bg-card px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default disabled:border-dashed disabled:bg-muted/40';

/** Options of a select, keeping a stored value the list no longer offers so it is not lost on save. */
export function withCurrent(options: readonly { id: string; title: string }[], current: string): { id: string; title: string }[] {
  return options.some((o) => o.id === current) ? [...options] : [{ id: current, title: current }, ...options];
}
