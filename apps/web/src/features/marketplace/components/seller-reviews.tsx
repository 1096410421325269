import type { SellerDto, SellerReviewDto } from '@app/contracts';
import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useGetMarketplaceConversationsQuery, useGetSellerReviewsQuery, useSaveReviewMutation } from '../api/marketplace-api';
import { SELLER_PAGE_TEXT as T } from '../marketplace-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';
import { shownName } from '@/lib/shown-name';

export type StarsProps = { rating: number; className?: string };

export function Stars({ rating, className }: StarsProps) {
  return (
    <span className={cn('inline-flex', className)} role="img" aria-label={T.star(rating)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={cn('h-4 w-4', n <= rating ? 'fill-yellow-400 text-yellow-400' : 'text-muted-foreground/40')} aria-hidden />
      ))}
    </span>
  );
}

export type SellerReviewsProps = { seller: SellerDto };

export function SellerReviews({ seller }: SellerReviewsProps) {
  const { data: reviews, isLoading, isError } = useGetSellerReviewsQuery(seller.id);
  const { user } = useCurrentUser();
  const locale = useFormatLocale();
  // A buyer may review after a marketplace conversation with this seller; the server checks the messages.
  const canReview = user !== null && user.role !== 'guest' && user.id !== seller.userId;
  const { data: conversations } = useGetMarketplaceConversationsQuery(undefined, { skip: !canReview });
  const hadConversation = conversations?.some((chat) => chat.sellerId === seller.id) ?? false;
  const mine = reviews?.find((review) => review.buyer.id === user?.id);

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">{T.reviewsTitle(reviews?.length ?? seller.reviewCount)}</h2>
      {canReview && hadConversation ? <ReviewForm sellerId={seller.id} existing={mine} key={mine?.id ?? 'new'} /> : null}
      {isLoading ? (
        <p className="text-sm text-muted-foreground">{T.reviewsLoading}</p>
      ) : isError ? (
        <p className="text-sm text-muted-foreground" role="alert">
          {T.reviewsFailed}
        </p>
      ) : !reviews || reviews.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{T.noReviews}</p>
      ) : (
        <ul className="space-y-3">
          {reviews.map((review) => (
            <li key={review.id}>
              <Card className="p-4" data-testid="review">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">{shownName(review.buyer.username) || T.anonymousBuyer}</p>
                  <time className="text-xs text-muted-foreground" dateTime={review.createdAt}>
                    {formatDate(review.createdAt, locale)}
                  </time>
                </div>
                <Stars rating={review.rating} className="mt-1" />
                {review.comment ? <p className="mt-2 text-sm whitespace-pre-line text-muted-foreground">{review.comment}</p> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export type ReviewFormProps = { sellerId: number; existing?: SellerReviewDto };

/** The buyer's review of a seller; also offered after a call. */
export function ReviewForm({ sellerId, existing }: ReviewFormProps) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveReviewMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating < 1) {
      setError(T.chooseRating);
      return;
    }
    setError(null);
    try {
      await save({ sellerId, rating, comment: comment.trim() }).unwrap();
      toast({ title: T.reviewSaved });
    } catch (failure) {
      setError(errorMessage(failure, T.reviewFailed));
    }
  }

  return (
    <Card className="p-4">
      <form onSubmit={(event) => void submit(event)} aria-label={existing ? T.reviewFormEditTitle : T.reviewFormTitle} noValidate>
        <h3 className="font-semibold">{existing ? T.reviewFormEditTitle : T.reviewFormTitle}</h3>
        <fieldset className="mt-2">
          <legend className="sr-only">{T.rating}</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                aria-label={T.star(n)}
                aria-pressed={rating === n}
                onClick={() => setRating(n)}
                className="rounded p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Star className={cn('h-6 w-6', n <= rating ? 'fill-yellow-400 text-yellow-400' : 'text-muted-foreground/50')} aria-hidden />
              </button>
            ))}
          </div>
        </fieldset>
        <Label htmlFor="review-comment" className="mt-3 block">
          {T.comment}
        </Label>
        <Textarea
          id="review-comment"
          className="mt-1.5"
          value={comment}
          maxLength={1000}
          placeholder={T.commentPlaceholder}
          onChange={(event) => setComment(event.target.value)}
        />
        {error ? (
          <p className="mt-2 text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="mt-3" disabled={isLoading}>
          {isLoading ? T.submittingReview : existing ? T.updateReview : T.submitReview}
        </Button>
      </form>
    </Card>
  );
}
