import type { CallEndReason } from '@app/contracts';
import { Phone, Video } from 'lucide-react';
import { Link } from 'wouter';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useGetSellerReviewsQuery } from '@/features/marketplace/api/marketplace-api';
import { ReviewForm } from '@/features/marketplace/components/seller-reviews';
import { formatDuration, formatMoney } from '../call-money';
import { summaryClosed, type CallSummary } from '../calls-slice';
import { CALLS_TEXT } from '../calls-copy';
import { CallAlertsOffer } from './call-alerts-offer';
import { shownName } from '@/lib/shown-name';

export type CallSummaryDialogProps = { summary: CallSummary };

/** After a call, for both: how long and how much; the seller sees the commission and their earning, the buyer may review. */
export function CallSummaryDialog({ summary }: CallSummaryDialogProps) {
  const dispatch = useAppDispatch();
  const { session, side, problem, unconfirmed } = summary;
  const reason = session.endReason;
  const title = reason ? CALLS_TEXT.reasons[reason] : CALLS_TEXT.summaryTitle;
  // A completed call needs no explanation.
  const hints: Partial<Record<CallEndReason, string>> = side === 'buyer' ? CALLS_TEXT.reasonHints : CALLS_TEXT.sellerReasonHints;
  const hint = reason ? (hints[reason] ?? '') : '';
  const peer = side === 'buyer' ? session.seller.displayName : shownName(session.buyer.username);
  const Icon = session.callType === 'video' ? Video : Phone;
  const billed = session.amount > 0;
  const close = () => dispatch(summaryClosed());

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-md" data-testid="call-summary" data-end-reason={reason ?? ''} data-duration-seconds={session.durationSeconds}>
        <DialogTitle className="pr-6 text-xl font-semibold">{title}</DialogTitle>
        <DialogDescription className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
          <Icon className="h-4 w-4" aria-hidden /> {CALLS_TEXT.callType[session.callType]} · {CALLS_TEXT.with} {peer}
        </DialogDescription>
        {problem ? (
          <p className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive" role="alert">
            {problem}
          </p>
        ) : null}
        {hint ? <p className="mt-3 text-sm text-muted-foreground">{hint}</p> : null}

        <dl className="mt-4 divide-y rounded-lg border text-sm">
          <Row label={CALLS_TEXT.duration} value={formatDuration(session.durationSeconds)} testId="summary-duration" />
          {!billed ? null : side === 'buyer' ? (
            <Row
              label={CALLS_TEXT.charged}
              value={formatMoney(session.displayAmount, session.displayCurrency)}
              detail={session.displayCurrency !== 'USD' ? formatMoney(session.amount, 'USD') : undefined}
              testId="summary-amount"
              strong
            />
          ) : (
            <>
              <Row label={CALLS_TEXT.callCharge} value={formatMoney(session.amount, 'USD')} testId="summary-amount" />
              <Row label={CALLS_TEXT.commission} value={`−${formatMoney(session.commission, 'USD')}`} testId="summary-commission" />
              <Row label={CALLS_TEXT.earning} value={formatMoney(session.earning, 'USD')} testId="summary-earning" strong />
            </>
          )}
        </dl>
        {!billed && !unconfirmed ? (
          <p className="mt-3 text-sm text-muted-foreground">{side === 'buyer' ? CALLS_TEXT.notCharged : CALLS_TEXT.noEarning}</p>
        ) : null}
        {unconfirmed ? <p className="mt-3 text-sm text-muted-foreground">{CALLS_TEXT.unconfirmed}</p> : null}
        {side === 'buyer' && billed ? <p className="mt-3 text-xs text-muted-foreground">{CALLS_TEXT.paymentNote}</p> : null}

        {side === 'buyer' && session.connectedAt ? (
          <section className="mt-5" aria-label={CALLS_TEXT.reviewPrompt(peer)}>
            <p className="mb-2 text-sm font-medium">{CALLS_TEXT.reviewPrompt(peer)}</p>
            <CallReview sellerId={session.seller.id} />
          </section>
        ) : null}

        {side === 'seller' ? <CallAlertsOffer /> : null}

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to="/calls" onClick={close}>
              {CALLS_TEXT.viewCalls}
            </Link>
          </Button>
          <Button onClick={close}>{CALLS_TEXT.close}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

type RowProps = { label: string; value: string; detail?: string; strong?: boolean; testId: string };

function Row({ label, value, detail, strong, testId }: RowProps) {
  return (
    <div className="flex items-baseline justify-between gap-4 px-3 py-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={strong ? 'font-semibold' : undefined} data-testid={testId}>
        {value}
        {detail ? <span className="text-xs font-normal text-muted-foreground"> ({detail})</span> : null}
      </dd>
    </div>
  );
}

/** The marketplace's own review form; a call that connected makes the buyer eligible. */
function CallReview({ sellerId }: { sellerId: number }) {
  const { user } = useCurrentUser();
  const { data: reviews, isLoading } = useGetSellerReviewsQuery(sellerId);
  if (!user || isLoading) return null;
  const mine = reviews?.find((review) => review.buyer.id === user.id);
  return <ReviewForm sellerId={sellerId} existing={mine} key={mine?.id ?? 'new'} />;
}
