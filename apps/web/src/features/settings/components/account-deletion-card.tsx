import { ACCOUNT_DELETION_GRACE_DAYS } from '@app/contracts/browser';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SectionCard } from '@/components/ui/section-card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { MessageId } from '@/i18n/i18n';
import { useFormatLocale, useText } from '@/i18n/use-text';
import { errorStatus, fieldErrors } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { ACCOUNT_DELETION_CACHE_KEY, useAccountDeletionStatusQuery, useRequestAccountDeletionMutation } from '../api/account-deletion-api';
import { firstProofMode, IdentityProof, proofReady, proofRefusal, useProofBody, type ProofAccount, type ProofMode } from './identity-proof';

export type AccountDeletionCardProps = {
  username: string;
  /** Two-step sign-in is on: a current code is asked too (unless a passkey confirms it). */
  twoStepEnabled: boolean;
  /** What may confirm it is the owner: the password, a passkey, a fresh provider sign-in. */
  account: ProofAccount;
};

type Field = 'password' | 'confirmation' | 'code';

/** The refusals that are about the whole form, in this card's words. */
const GENERAL_REFUSALS = {
  inCall: 'settings.deletion.inCall',
  tooManyAttempts: 'settings.deletion.tooManyAttempts',
  failed: 'settings.deletion.failed',
} as const satisfies Record<string, MessageId>;

/** The refusal in this card's words: which field it is about, or a message for the whole form. */
function refusalOf(error: unknown): { field?: Field; general?: keyof typeof GENERAL_REFUSALS } {
  const status = errorStatus(error);
  const fields = fieldErrors(error) ?? {};
  if (status === 409) return { general: 'inCall' };
  if (status === 429) return { general: 'tooManyAttempts' };
  for (const field of ['password', 'confirmation', 'code'] as const) if (fields[field]) return { field };
  return { general: 'failed' };
}

/**
 * Settings' "Delete account": the password (or a passkey, or for an account without a password a
 * fresh provider sign-in), the username typed as confirmation and, with two-step sign-in on and
 * no passkey, a current code. The server signs the account out everywhere and erases it
 * after the grace unless the person signs in before (see AccountDeletionScheduled for what
 * the page shows then).
 */
export function AccountDeletionCard({ username, twoStepEnabled, account }: AccountDeletionCardProps) {
  const t = useText();
  const locale = useFormatLocale();
  const status = useAccountDeletionStatusQuery();
  const [ask, asking] = useRequestAccountDeletionMutation({ fixedCacheKey: ACCOUNT_DELETION_CACHE_KEY });
  const proofBody = useProofBody();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<ProofMode>(() => firstProofMode(account));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [proving, setProving] = useState(false);
  const [passkeyCancelled, setPasskeyCancelled] = useState(false);
  const refusal = asking.error ? refusalOf(asking.error) : {};
  const proofRefused = asking.error ? proofRefusal(asking.error) : null;
  const confirmed = confirmation.trim().toLowerCase() === username.toLowerCase();
  // A passkey verifies its person on the device: no code is asked beside it.
  const asksCode = twoStepEnabled && mode !== 'passkey';
  const busy = asking.isLoading || proving;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setProving(true);
    setPasskeyCancelled(false);
    const proof = await proofBody(mode, password).finally(() => setProving(false));
    if (!proof) {
      setPasskeyCancelled(true);
      return;
    }
    void ask({ ...proof, confirmation: confirmation.trim(), ...(asksCode ? { code: code.trim() } : {}) });
  };

  const switchTo = (next: ProofMode) => {
    setMode(next);
    setPasskeyCancelled(false);
    asking.reset();
  };

  const keep = () => {
    setOpen(false);
    setMode(firstProofMode(account));
    setPassword('');
    setConfirmation('');
    setCode('');
    setPasskeyCancelled(false);
    asking.reset();
  };

  const fieldError = (field: Field, message: MessageId) => (refusal.field === field ? t(message) : undefined);

  return (
    <SectionCard titleId="account-deletion-title" title={t('settings.deletion.title')} icon={Trash2} description={t('settings.deletion.description', { days: ACCOUNT_DELETION_GRACE_DAYS })} destructive>
      {status.data?.state === 'scheduled' && status.data.scheduledFor ? (
        <p className="mt-3 text-sm font-medium" role="status">
          {t('settings.deletion.scheduledOn', { date: formatDate(status.data.scheduledFor, locale, { time: true }) })}
        </p>
      ) : null}
      {!open ? (
        <Button className="mt-4 w-full sm:w-auto" variant="outline" onClick={() => setOpen(true)}>
          {t('settings.deletion.start')}
        </Button>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-3" aria-labelledby="account-deletion-title">
          <IdentityProof
            account={account}
            mode={mode}
            onMode={switchTo}
            password={password}
            onPassword={setPassword}
            passwordLabel={t('settings.deletion.password')}
            passwordError={fieldError('password', 'settings.deletion.passwordWrong')}
          />
          {asksCode ? (
            <FormField label={t('settings.deletion.code')} error={fieldError('code', 'settings.deletion.codeWrong')}>
              {(c) => <Input {...c} autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />}
            </FormField>
          ) : null}
          <FormField label={t('settings.deletion.confirmation', { username })} error={fieldError('confirmation', 'settings.deletion.confirmationWrong')}>
            {(c) => (
              <Input {...c} autoComplete="off" autoCapitalize="none" spellCheck={false} required value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
            )}
          </FormField>
          {proofRefused || passkeyCancelled || refusal.general ? (
            <p className="text-sm text-destructive" role="alert">
              {proofRefused
                ? t(proofRefused)
                : passkeyCancelled
                  ? t('settings.proof.passkeyCancelled')
                  : t(GENERAL_REFUSALS[refusal.general ?? 'failed'])}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={!confirmed || !proofReady(mode, account, password) || busy}>
              {busy ? t('settings.deletion.submitting') : t('settings.deletion.submit')}
            </Button>
            <Button type="button" variant="outline" onClick={keep}>
              {t('settings.deletion.keep')}
            </Button>
          </div>
        </form>
      )}
    </SectionCard>
  );
}

/** The date the account is to be deleted, once this page asked and was signed out; null before. */
export function useScheduledDeletion(): string | null {
  const [, asked] = useRequestAccountDeletionMutation({ fixedCacheKey: ACCOUNT_DELETION_CACHE_KEY });
  return asked.data?.state === 'scheduled' ? asked.data.scheduledFor : null;
}

/** In place of Settings once the deletion is asked: the page is signed out, and says until when signing in cancels it. */
export function AccountDeletionScheduled({ scheduledFor }: { scheduledFor: string }) {
  const t = useText();
  const locale = useFormatLocale();
  return (
    <Card className="mx-auto max-w-md p-8 text-center" role="region" aria-labelledby="account-deletion-scheduled-title">
      <h1 id="account-deletion-scheduled-title" className="text-xl font-semibold">
        {t('settings.deletion.scheduledTitle')}
      </h1>
      <p className="mt-3 text-sm font-medium" data-testid="deletion-date">
        {t('settings.deletion.scheduledOn', { date: formatDate(scheduledFor, locale, { time: true }) })}
      </p>
      <p className="mt-2 text-sm text-muted-foreground">{t('settings.deletion.signedOut')}</p>
      <Button asChild className="mt-4">
        <Link href="/auth">{t('settings.deletion.signIn')}</Link>
      </Button>
    </Card>
  );
}
