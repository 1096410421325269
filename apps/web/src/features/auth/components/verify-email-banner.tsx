import type { UserDto } from '@app/contracts';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useText } from '@/i18n/use-text';
import { errorMessage, wordField } from '@/lib/errors';
import { useResendVerificationMutation } from '../api/recovery-api';

export type VerifyEmailBannerProps = { user: UserDto | null };

/** Unverified members keep using the site; this reminds them, with a way to get a new link. */
export function VerifyEmailBanner({ user }: VerifyEmailBannerProps) {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [answer, setAnswer] = useState<{ message: string; failed: boolean } | null>(null);
  const t = useText();
  if (!user || user.role === 'guest' || user.isVerified) return null;

  const send = async () => {
    const result = await resend();
    setAnswer('error' in result ? { message: errorMessage(result.error, t('layout.verifyBanner.failed')), failed: true } : { message: wordField(result.data.messageCode, result.data.message), failed: false });
  };

  return (
    <section aria-label={t('layout.verifyBanner.text')} className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
        <MailWarning className="h-4 w-4 shrink-0" aria-hidden />
        <p className="font-medium">{t('layout.verifyBanner.text')}</p>
        <Button size="sm" variant="outline" className="h-7 bg-transparent" disabled={isLoading} onClick={() => void send()}>
          {isLoading ? t('layout.verifyBanner.resending') : t('layout.verifyBanner.resend')}
        </Button>
        {answer ? (
          <p role={answer.failed ? 'alert' : 'status'} className={answer.failed ? 'text-destructive' : undefined}>
            {answer.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
