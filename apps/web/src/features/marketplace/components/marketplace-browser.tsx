import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { SELLERS_FRESH_SECONDS, useGetSellersQuery } from '../api/marketplace-api';
import { MARKETPLACE_TEXT } from '../marketplace-copy';
import { useStartSellerChat } from '../hooks/use-start-seller-chat';
import { isMarketplaceCategory, MARKETPLACE_CATEGORIES } from '../types';
import { CurrencyBadge } from './currency-badge';
import { SellerCard } from './seller-card';

/** A pause in typing before the search is sent, so each keystroke is not a request. */
const SEARCH_DELAY_MS = 300;

/** Search and category live in the address, so a filtered list can be shared and survives reloads. */
export function MarketplaceBrowser() {
  const [params, setParams] = useSearchParams();
  const rawCategory = params.get('category');
  const category = isMarketplaceCategory(rawCategory) ? rawCategory : undefined;
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // The address changed by itself (back, a link): the box follows it.
  if (q !== shownQ) {
    setShownQ(q);
    if (text.trim() !== q) setText(q);
  }
  const { isAuthenticated, isLoading: userLoading } = useCurrentUser();
  const { start, startingSellerId } = useStartSellerChat();

  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (text.trim()) next.set('q', text.trim());
        else next.delete('q');
        return next;
      }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  function chooseCategory(id: string | undefined) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('category', id);
      else next.delete('category');
      return next;
    });
  }

  const { data, isFetching, isLoading, isError, refetch } = useGetSellersQuery(
    { category, q },
    { refetchOnMountOrArgChange: SELLERS_FRESH_SECONDS },
  );

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{MARKETPLACE_TEXT.title}</h1>
          <p className="mt-1 text-muted-foreground">{MARKETPLACE_TEXT.subtitle}</p>
        </div>
        <div className="flex items-center gap-2">
          <CurrencyBadge />
          {!userLoading && !isAuthenticated ? (
            <Button asChild size="sm">
              <Link to="/auth">{MARKETPLACE_TEXT.signIn}</Link>
            </Button>
          ) : null}
        </div>
      </div>

      <div className="mt-6 space-y-3">
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label={MARKETPLACE_TEXT.searchLabel}
            placeholder={MARKETPLACE_TEXT.searchPlaceholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-9"
            maxLength={100}
          />
        </div>
        <div role="group" aria-label={MARKETPLACE_TEXT.categoryLabel} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
          {[{ id: undefined, title: MARKETPLACE_TEXT.allCategories }, ...MARKETPLACE_CATEGORIES].map((option) => {
            const active = option.id === category;
            return (
              <button
                key={option.id ?? 'all'}
                type="button"
                aria-pressed={active}
                onClick={() => chooseCategory(option.id)}
                className={cn(
                  'shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  active ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-muted',
                )}
              >
                {option.title}
              </button>
            );
          })}
        </div>
      </div>

      <section aria-label={MARKETPLACE_TEXT.experts} aria-busy={isFetching} className="mt-6">
        {isLoading ? (
          <p className="py-12 text-center text-muted-foreground" role="status">
            {MARKETPLACE_TEXT.loading}
          </p>
        ) : isError ? (
          <div className="rounded-lg border border-dashed p-8 text-center" role="alert">
            <p className="text-sm text-muted-foreground">{MARKETPLACE_TEXT.failed}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
              {MARKETPLACE_TEXT.retry}
            </Button>
          </div>
        ) : !data || data.length === 0 ? (
          <div className="rounded-lg border border-dashed p-8 text-center" role="status">
            <p className="font-medium">{MARKETPLACE_TEXT.empty}</p>
            <p className="mt-1 text-sm text-muted-foreground">{MARKETPLACE_TEXT.emptyHint}</p>
          </div>
        ) : (
          <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', isFetching && 'opacity-70')}>
            {data.map((seller) => (
              <li key={seller.id}>
                <SellerCard seller={seller} onChat={(s) => void start(s)} isStarting={startingSellerId === seller.id} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
