import type { SellerProfileDto } from '@app/contracts';
import { BadgeCheck, ExternalLink, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { CategoryBadge } from '@/features/marketplace/components/category-badge';
import { sellerAvatar } from '@/features/marketplace/types';
import { useGetPendingApplicationsQuery, useRejectSellerMutation, useVerifySellerMutation } from '../api/moderation-api';
import { MODERATION_TEXT as T } from '../moderation-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';


/** Pending seller applications, oldest first, each verified or rejected with a reason. */
export function ApplicationsList() {
  const { data, isLoading, isError, refetch } = useGetPendingApplicationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [rejecting, setRejecting] = useState<SellerProfileDto | null>(null);

  if (isLoading) return <p className="py-12 text-center text-muted-foreground" role="status">{T.loading}</p>;
  if (isError) {
    return (
      <div className="rounded-lg border border-dashed p-8 text-center" role="alert">
        <p className="text-sm text-muted-foreground">{T.failed}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
          {T.retry}
        </Button>
      </div>
    );
  }
  if (!data?.length) return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground" role="status">{T.empty}</p>;

  return (
    <>
      <ul className="space-y-3">
        {data.map((application) => (
          <li key={application.id}>
            <ApplicationCard application={application} onReject={() => setRejecting(application)} />
          </li>
        ))}
      </ul>
      <RejectDialog application={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

type ApplicationCardProps = { application: SellerProfileDto; onReject: () => void };

function ApplicationCard({ application, onReject }: ApplicationCardProps) {
  const [verify, { isLoading: verifying }] = useVerifySellerMutation();
  const name = application.displayName;
  const locale = useFormatLocale();

  async function onVerify() {
    try {
      await verify(application.id).unwrap();
      toast({ title: T.verified(name) });
    } catch (failure) {
      toast({ title: T.actionFailed, description: errorMessage(failure, T.actionFailed), variant: 'destructive' });
    }
  }

  return (
    <Card className="p-4 wrap-anywhere" data-testid="application">
      <div className="flex gap-3">
        <UserAvatar name={name} src={sellerAvatar(application)} className="h-12 w-12" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold">{name}</h2>
            <CategoryBadge category={application.category} />
          </div>
          <p className="text-xs text-muted-foreground">
            @{application.user.username} · {T.appliedOn} <time dateTime={application.createdAt}>{formatDate(application.createdAt, locale, { time: true })}</time>
          </p>
          <p className="mt-2 text-sm text-muted-foreground">{application.bio}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {application.experience} · {application.languages.join(', ')}
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2 border-t pt-3">
        <Button asChild variant="ghost" size="sm">
          <Link to={`/seller/${application.id}`}>
            <ExternalLink className="h-4 w-4" aria-hidden /> {T.viewProfile}
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={onReject} disabled={verifying} aria-label={`${T.reject} ${name}`}>
          <XCircle className="h-4 w-4" aria-hidden /> {T.reject}
        </Button>
        <Button size="sm" onClick={() => void onVerify()} disabled={verifying} aria-label={`${T.verify} ${name}`}>
          <BadgeCheck className="h-4 w-4" aria-hidden /> {verifying ? T.verifying : T.verify}
        </Button>
      </div>
    </Card>
  );
}

type RejectDialogProps = { application: SellerProfileDto | null; onClose: () => void };

function RejectDialog({ application, onClose }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reject, { isLoading }] = useRejectSellerMutation();

  function close() {
    setReason('');
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!application) return;
    try {
      await reject({ sellerId: application.id, reason }).unwrap();
      toast({ title: T.rejected(application.displayName) });
      close();
    } catch (failure) {
      setError(errorMessage(failure, T.actionFailed));
    }
  }

  return (
    <Dialog open={application !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle className="text-lg font-semibold">{application ? T.rejectTitle(application.displayName) : ''}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-muted-foreground">{T.rejectDescription}</DialogDescription>
        <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-3" noValidate>
          <Label htmlFor="reject-reason">{T.reason}</Label>
          <Textarea
            id="reject-reason"
            value={reason}
            maxLength={500}
            placeholder={T.reasonPlaceholder}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={error !== null}
          />
          {error ? (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={close} disabled={isLoading}>
              {T.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={isLoading}>
              {isLoading ? T.rejecting : T.reject}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
