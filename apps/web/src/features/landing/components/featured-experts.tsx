import { BadgeCheck, Star } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { SELLERS_FRESH_SECONDS, useGetFeaturedSellersQuery } from '@/features/marketplace/api/marketplace-api';
import { categoryTitle, sellerAvatar, sellerName } from '@/features/marketplace/types';
import { useFormatLocale, useText } from '@/i18n/use-text';
import { formatNumber } from '@/lib/format';

const FEATURED_COUNT = 6;

/** The best ranked verified experts, as the server ranks them. */
export function FeaturedExperts() {
  const { data, isError, isLoading } = useGetFeaturedSellersQuery(FEATURED_COUNT, { refetchOnMountOrArgChange: SELLERS_FRESH_SECONDS });
  const featured = data ?? [];
  const t = useText();
  const locale = useFormatLocale();
  return (
    <section id="experts" className="bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 className="text-2xl font-bold sm:text-3xl">{t('landing.experts.title')}</h2>
            <p className="mt-2 text-muted-foreground">{t('landing.experts.subtitle')}</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/marketplace">{t('landing.experts.browse')}</Link>
          </Button>
        </div>
        {isLoading ? (
          <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-32 animate-pulse rounded-xl bg-muted" />
            ))}
          </div>
        ) : isError ? (
          <p className="mt-8 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground" role="status">
            {t('landing.experts.failed')}
          </p>
        ) : featured.length === 0 ? (
          <p className="mt-8 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground" role="status">
            {t('landing.experts.empty')}
          </p>
        ) : (
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((seller) => (
              <li key={seller.id}>
                <Link to={`/seller/${seller.id}`} className="block h-full">
                  <Card className="flex h-full gap-4 p-4 transition hover:shadow-md">
                    <UserAvatar name={sellerName(seller)} src={sellerAvatar(seller)} className="h-14 w-14 text-lg" />
                    <div className="min-w-0">
                      <p className="flex items-center gap-1 truncate font-semibold">
                        {sellerName(seller)}
                        {seller.isVerified ? <BadgeCheck className="h-4 w-4 shrink-0 text-blue-600" aria-label={t('landing.experts.verified')} /> : null}
                      </p>
                      <Badge variant="secondary" className="mt-1">
                        {categoryTitle(seller.category)}
                      </Badge>
                      {seller.reviewCount > 0 ? (
                        <p className="mt-2 flex items-center gap-1 text-xs text-muted-foreground">
                          <Star className="h-3.5 w-3.5 fill-yellow-400 text-yellow-400" aria-hidden /> {formatNumber(seller.rating, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
                        </p>
                      ) : null}
                      {seller.bio ? <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{seller.bio}</p> : null}
                    </div>
                  </Card>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
