import { Globe } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LOCALE_FRESH_SECONDS, useGetLocaleQuery } from '../api/marketplace-api';
import { MARKETPLACE_TEXT } from '../marketplace-copy';

/** The currency prices are shown in; an unknown location reads as US dollars (spec). */
export function CurrencyBadge() {
  const { data } = useGetLocaleQuery(undefined, { refetchOnMountOrArgChange: LOCALE_FRESH_SECONDS });
  const currency = data?.currency ?? 'USD';
  const symbol = data?.symbol ?? '$';
  return (
    <Badge variant="outline" className="gap-1 py-1" data-testid="currency-badge">
      <Globe className="h-3.5 w-3.5" aria-hidden />
      {MARKETPLACE_TEXT.pricesIn} {currency} ({symbol})
    </Badge>
  );
}
