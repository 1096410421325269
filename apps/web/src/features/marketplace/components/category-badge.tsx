import { cn } from '@/lib/cn';
import { CATEGORY_TONES, OTHER_CATEGORY_TONE, categoryTitle } from '../types';

export type CategoryBadgeProps = { category: string; className?: string };

export function CategoryBadge({ category, className }: CategoryBadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        CATEGORY_TONES[category] ?? OTHER_CATEGORY_TONE,
        className,
      )}
      data-testid="category-badge"
    >
      {categoryTitle(category)}
    </span>
  );
}
