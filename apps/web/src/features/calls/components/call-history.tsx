import type { CallSessionDto } from '@app/contracts';
import { ArrowDownLeft, ArrowUpRight, Phone, Video } from 'lucide-react';
import { useState } from 'react';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { CALLS_PAGE_SIZE, useListCallsQuery } from '../api/calls-api';
import { formatDuration, formatMoney } from '../call-money';
import { CALLS_TEXT } from '../calls-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';
import { shownName } from '@/lib/shown-name';

const T = CALLS_TEXT;

/** The person's calls on either side, newest first, a page at a time. */
export function CallHistory() {
  const [pages, setPages] = useState<Array<number | undefined>>([undefined]);
  return (
    <section aria-labelledby="call-history-title">
      <h2 id="call-history-title" className="mb-3 text-lg font-semibold">
        {T.historyTitle}
      </h2>
      {pages.map((before, index) => (
        <CallsPage key={before ?? 'newest'} before={before} first={index === 0} onMore={index === pages.length - 1 ? (last) => setPages([...pages, last]) : undefined} />
      ))}
    </section>
  );
}

type CallsPageProps = { before?: number; first: boolean; onMore?: (lastId: number) => void };

function CallsPage({ before, first, onMore }: CallsPageProps) {
  const { user } = useCurrentUser();
  const { data: calls, isLoading, isError, refetch } = useListCallsQuery({ before });
  if (isLoading) return <p className="py-6 text-center text-sm text-muted-foreground">{T.loading}</p>;
  if (isError || !calls || !user) {
    return (
      <Card className="p-6 text-center" role="alert">
        <p className="text-sm text-muted-foreground">{T.loadFailed}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
          {T.retry}
        </Button>
      </Card>
    );
  }
  if (first && calls.length === 0) {
    return (
      <Card className="border-dashed p-8 text-center">
        <p className="font-medium">{T.empty}</p>
        <p className="mt-1 text-sm text-muted-foreground">{T.emptyHint}</p>
      </Card>
    );
  }
  const last = calls.at(-1);
  return (
    <>
      <ul className="space-y-3" data-testid="call-list">
        {calls.map((call) => (
          <li key={call.id}>
            <CallRow call={call} myId={user.id} />
          </li>
        ))}
      </ul>
      {onMore && last && calls.length === CALLS_PAGE_SIZE ? (
        <div className="mt-4 text-center">
          <Button variant="outline" onClick={() => onMore(last.id)}>
            {T.loadMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function CallRow({ call, myId }: { call: CallSessionDto; myId: number }) {
  const outgoing = call.buyer.id === myId;
  const locale = useFormatLocale();
  const peer = outgoing ? { name: call.seller.displayName, avatar: call.seller.avatar } : { name: shownName(call.buyer.username), avatar: call.buyer.avatar };
  const TypeIcon = call.callType === 'video' ? Video : Phone;
  const Direction = outgoing ? ArrowUpRight : ArrowDownLeft;
  const open = call.state !== 'ended';
  const ended = call.endReason ? T.reasons[call.endReason] : T.open;
  return (
    <Card className="p-4" data-testid="call-row" data-call-id={call.id}>
      <div className="flex items-center gap-3">
        <UserAvatar name={peer.name} src={peer.avatar} className="h-10 w-10" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" data-testid="call-with">
            {peer.name}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <Direction className="h-3.5 w-3.5" aria-hidden /> {outgoing ? T.outgoingLabel : T.incomingLabel}
            </span>
            <span className="inline-flex items-center gap-1" data-testid="call-type">
              <TypeIcon className="h-3.5 w-3.5" aria-hidden /> {T.callTypeShort[call.callType]}
            </span>
          </p>
        </div>
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
            call.endReason === 'completed' ? 'bg-green-100 text-green-800 dark:bg-green-950/50 dark:text-green-300' : 'bg-muted text-muted-foreground',
          )}
          data-testid="call-ended"
        >
          {ended}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted-foreground">{T.columns.started}</dt>
          <dd>
            <time dateTime={call.createdAt}>{formatDate(call.createdAt, locale, { time: true })}</time>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{T.columns.duration}</dt>
          <dd className="tabular-nums" data-testid="call-duration" data-seconds={call.durationSeconds}>
            {open ? '—' : formatDuration(call.durationSeconds)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{T.columns.amount}</dt>
          <dd className="tabular-nums" data-testid="call-amount">
            {outgoing ? formatMoney(call.displayAmount, call.displayCurrency) : formatMoney(call.amount, 'USD')}
          </dd>
        </div>
        {!outgoing ? (
          <div>
            <dt className="text-xs text-muted-foreground">{T.columns.earning}</dt>
            <dd className="tabular-nums font-medium" data-testid="call-earning">
              {formatMoney(call.earning, 'USD')}
            </dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}
