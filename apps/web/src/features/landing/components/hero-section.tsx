import { ArrowRight, Shuffle, Star, Users } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { useFormatLocale, useText } from '@/i18n/use-text';
import { formatNumber, formatRating } from '@/lib/format';
import { STATS_FRESH_SECONDS, useGetStatsQuery } from '@/features/chat/api/chat-api';
import { MessagePreview } from './message-preview';

function CommunityStats() {
  const { data, isLoading, isError } = useGetStatsQuery(undefined, { refetchOnMountOrArgChange: STATS_FRESH_SECONDS });
  const t = useText();
  const locale = useFormatLocale();
  // Spec: active users as thousands with K+ (12,345 is 12K+), fewer than a thousand as they are.
  const users = (total: number) => (total < 1000 ? formatNumber(total, locale) : t('landing.stats.thousands', { count: formatNumber(Math.round(total / 1000), locale) }));
  if (isLoading) return <div className="h-12" aria-hidden />;
  if (isError || !data) return <p className="text-sm text-muted-foreground">{t('landing.stats.unavailable')}</p>;
  return (
    <dl className="flex gap-8">
      <div>
        <dt className="flex items-center gap-1 text-xs text-muted-foreground">
          <Users className="h-3.5 w-3.5" aria-hidden /> {t('landing.stats.users')}
        </dt>
        <dd className="text-2xl font-bold">{users(data.totalUsers)}</dd>
      </div>
      {data.rating > 0 ? (
        <div>
          <dt className="flex items-center gap-1 text-xs text-muted-foreground">
            <Star className="h-3.5 w-3.5" aria-hidden /> {t('landing.stats.rating')}
          </dt>
          <dd className="text-2xl font-bold">{formatRating(data.rating, locale)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function HeroSection() {
  const t = useText();
  return (
    <section className="bg-gradient-to-br from-violet-100 via-background to-sky-100 dark:from-violet-950/40 dark:to-sky-950/30">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <div className="flex flex-col justify-center">
          <p className="mb-4 w-fit rounded-full bg-primary/10 px-3 py-1 text-xs font-medium text-primary">{t('landing.hero.badge')}</p>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t('landing.hero.title')}</h1>
          <p className="mt-4 text-base text-muted-foreground sm:text-lg">{t('landing.hero.subtitle')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg">
              <Link to="/marketplace">
                {t('landing.hero.startChat')} <ArrowRight className="h-4 w-4" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/public-rooms">{t('landing.hero.publicRooms')}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <a href={env.randomChatUrl} target="_blank" rel="noopener noreferrer">
                <Shuffle className="h-4 w-4" /> {t('landing.hero.randomChat')}
              </a>
            </Button>
          </div>
          <div className="mt-8">
            <CommunityStats />
          </div>
        </div>
        <MessagePreview />
      </div>
    </section>
  );
}
