import { cn } from '@/lib/cn';

export type SegmentedOption<T extends string> = { value: T; label: string; lang?: string };

export type SegmentedProps<T extends string> = {
  /** The id of the words that name the choice. */
  labelledBy: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
};

/** A choice of a few, all in view (a theme, a language): a radio group drawn as one pill. */
export function Segmented<T extends string>({ labelledBy, options, value, onChange, className }: SegmentedProps<T>) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={cn('inline-flex rounded-lg bg-muted p-1', className)}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          lang={option.lang}
          aria-checked={option.value === value}
          onClick={() => onChange(option.value)}
          className="rounded-md px-3 py-1 text-sm aria-checked:bg-card aria-checked:font-medium aria-checked:shadow-sm"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
