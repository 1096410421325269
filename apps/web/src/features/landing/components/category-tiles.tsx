import { Briefcase, Heart, HeartHandshake, PartyPopper, Smile, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';
import { SELLERS_FRESH_SECONDS, useGetCategoryCountsQuery } from '@/features/marketplace/api/marketplace-api';
import { MARKETPLACE_CATEGORIES, type MarketplaceCategory } from '@/features/marketplace/types';
import type { MessageId } from '@/i18n/i18n';
import { useText } from '@/i18n/use-text';

const TILES: Record<MarketplaceCategory, { title: MessageId; icon: LucideIcon; tone: string }> = {
  dating: { title: 'categories.dating', icon: Heart, tone: 'bg-pink-100 text-pink-600 dark:bg-pink-950/40' },
  career: { title: 'categories.career', icon: Briefcase, tone: 'bg-blue-100 text-blue-600 dark:bg-blue-950/40' },
  friendship: { title: 'categories.friendship', icon: Smile, tone: 'bg-amber-100 text-amber-600 dark:bg-amber-950/40' },
  emotional: { title: 'categories.emotional', icon: HeartHandshake, tone: 'bg-emerald-100 text-emerald-600 dark:bg-emerald-950/40' },
  fun: { title: 'categories.fun', icon: PartyPopper, tone: 'bg-violet-100 text-violet-600 dark:bg-violet-950/40' },
};

/** Each marketplace category with how many verified experts it really has. */
export function CategoryTiles() {
  const { data, isError, isLoading } = useGetCategoryCountsQuery(undefined, { refetchOnMountOrArgChange: SELLERS_FRESH_SECONDS });
  const t = useText();
  const expertCount = (count: number) => (count === 0 ? t('landing.categories.noExperts') : t('landing.categories.experts', { count }));
  return (
    <section id="categories" className="mx-auto max-w-6xl px-4 py-14">
      <h2 className="text-2xl font-bold sm:text-3xl">{t('landing.categories.title')}</h2>
      <p className="mt-2 text-muted-foreground">{t('landing.categories.subtitle')}</p>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {MARKETPLACE_CATEGORIES.map((category) => {
          const { title, icon: Icon, tone } = TILES[category.id];
          const count = data?.find((entry) => entry.category === category.id)?.count ?? 0;
          return (
            <li key={category.id}>
              <Link to={`/marketplace?category=${category.id}`} className="block h-full">
                <Card className="h-full p-4 transition hover:-translate-y-0.5 hover:shadow-md">
                  <span className={`mb-3 flex h-10 w-10 items-center justify-center rounded-lg ${tone}`}>
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <h3 className="text-sm font-semibold">{t(title)}</h3>
                  <p className="mt-1 text-xs text-muted-foreground" data-testid={`category-count-${category.id}`}>
                    {isLoading ? '\u00a0' : isError ? t('landing.categories.countsUnavailable') : expertCount(count)}
                  </p>
                </Card>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
