import type { SellerProfileDto } from '@app/contracts';
import { cn } from '@/lib/cn';
import { EDITOR_TEXT as T } from '../marketplace-copy';

export type VerificationNoticeProps = {
  profile: Pick<SellerProfileDto, 'verificationStatus' | 'rejectionReason'>;
  className?: string;
};

/** Where the application stands: under review, verified, or refused with the moderator's reason. */
export function VerificationNotice({ profile, className }: VerificationNoticeProps) {
  if (profile.verificationStatus === 'verified') {
    return (
      <p className={cn('rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950/40 dark:text-green-200', className)} data-testid="verification-status">
        {T.status.verified}
      </p>
    );
  }
  if (profile.verificationStatus === 'rejected') {
    return (
      <div className={cn('rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-200', className)} data-testid="verification-status" role="status">
        <p className="font-medium">{T.status.rejected}</p>
        {profile.rejectionReason ? (
          <p className="mt-1">
            {T.status.rejectedReason} {profile.rejectionReason}
          </p>
        ) : null}
        <p className="mt-1">{T.status.rejectedHint}</p>
      </div>
    );
  }
  return (
    <p className={cn('rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200', className)} data-testid="verification-status">
      {T.status.pending}
    </p>
  );
}
