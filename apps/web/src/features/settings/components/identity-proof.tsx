import type { AuthenticationResponseJSON, UserDto } from '@app/contracts';
import { RECENT_PROVIDER_SIGN_IN_SECONDS } from '@app/contracts/browser';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useText } from '@/i18n/use-text';
import { errorBody } from '@/lib/errors';
import { getPasskey, passkeysSupported } from '@/lib/webauthn';
import { useListIdentitiesQuery, useSignInAgainMutation } from '../api/identities-api';
import { usePasskeyConfirmationOptionsMutation } from '../api/passkeys-api';

/** How the person shows it is them before deleting the account or turning two-step sign-in off. */
export type ProofMode = 'password' | 'passkey' | 'provider';

/** What the server takes in place of (or as) the password. */
export type ProofBody = { password: string } | { passkey: AuthenticationResponseJSON } | { providerSignIn: true };

/** What the account offers, read from the signed-in user. */
export interface ProofAccount {
  hasPassword: boolean;
  hasPasskey: boolean;
  /** This session was opened with a sign-in provider within the last RECENT_PROVIDER_SIGN_IN_SECONDS. */
  recentProviderSignIn: boolean;
}

export function proofAccountOf(user: Pick<UserDto, 'hasPassword' | 'hasPasskey' | 'signedInWith' | 'signedInAt'>, now = Date.now()): ProofAccount {
  const byProvider = user.signedInWith === 'provider' || user.signedInWith === 'provider-and-code';
  const since = user.signedInAt ? now - Date.parse(user.signedInAt) : Infinity;
  return {
    hasPassword: user.hasPassword !== false,
    hasPasskey: !!user.hasPasskey && passkeysSupported(),
    recentProviderSignIn: byProvider && since < RECENT_PROVIDER_SIGN_IN_SECONDS * 1000,
  };
}

/** The password first where there is one; else a fresh provider sign-in, else a passkey. */
export function firstProofMode(account: ProofAccount): ProofMode {
  if (account.hasPassword) return 'password';
  if (account.recentProviderSignIn || !account.hasPasskey) return 'provider';
  return 'passkey';
}

/** Whether the chosen way can be sent as it is (a stale provider sign-in must be renewed first). */
export function proofReady(mode: ProofMode, account: ProofAccount, password: string): boolean {
  if (mode === 'password') return password.length > 0;
  if (mode === 'provider') return account.recentProviderSignIn;
  return true;
}

/**
 * The body for the chosen way; for a passkey, the device's answer to a challenge of this
 * session. null when the person closed the device's prompt (or it could not be asked).
 */
export function useProofBody(): (mode: ProofMode, password: string) => Promise<ProofBody | null> {
  const [passkeyOptions] = usePasskeyConfirmationOptionsMutation();
  return async (mode, password) => {
    if (mode === 'password') return { password };
    if (mode === 'provider') return { providerSignIn: true };
    const options = await passkeyOptions();
    if ('error' in options || !options.data) return null;
    // Closed by the person, or the device could not answer: nothing is sent, and the form says so.
    return getPasskey(options.data).then(
      (passkey) => ({ passkey }),
      () => null,
    );
  };
}

/** The server's refusal of a passkey or a provider sign-in, in this form's words. */
export function proofRefusal(error: unknown): 'settings.proof.passkeyRefused' | 'settings.proof.providerExpired' | null {
  const fields = errorBody(error)?.fields ?? {};
  if (fields.passkey) return 'settings.proof.passkeyRefused';
  if (fields.providerSignIn) return 'settings.proof.providerExpired';
  return null;
}

export type IdentityProofProps = {
  account: ProofAccount;
  mode: ProofMode;
  onMode: (mode: ProofMode) => void;
  password: string;
  onPassword: (password: string) => void;
  passwordLabel: string;
  passwordError?: string;
};

/**
 * The password field, or in its place a passkey or the provider: the note of what will happen,
 * the "Sign in again with <provider>" buttons that come back to Settings, and links to switch.
 */
export function IdentityProof({ account, mode, onMode, password, onPassword, passwordLabel, passwordError }: IdentityProofProps) {
  const t = useText();
  const offers: ProofMode[] = [
    ...(account.hasPassword ? (['password'] as const) : []),
    ...(account.hasPasskey ? (['passkey'] as const) : []),
    ...(account.hasPassword ? [] : (['provider'] as const)),
  ];
  const switchWords = { password: t('settings.proof.usePassword'), passkey: t('settings.proof.usePasskey'), provider: t('settings.proof.useProvider') };
  return (
    <div className="space-y-2">
      {mode === 'password' ? (
        <FormField label={passwordLabel} error={passwordError}>
          {(c) => <Input {...c} type="password" autoComplete="current-password" required value={password} onChange={(e) => onPassword(e.target.value)} />}
        </FormField>
      ) : mode === 'passkey' ? (
        <p className="text-sm text-muted-foreground">{t('settings.proof.passkeyHint')}</p>
      ) : account.recentProviderSignIn ? (
        <p className="text-sm text-muted-foreground">{t('settings.proof.providerRecent')}</p>
      ) : (
        <SignInAgain />
      )}
      {offers
        .filter((offer) => offer !== mode)
        .map((offer) => (
          <Button key={offer} type="button" variant="link" className="block h-auto p-0" onClick={() => onMode(offer)}>
            {switchWords[offer]}
          </Button>
        ))}
    </div>
  );
}

/** One button for each linked provider: a fresh sign-in there, which lands back on Settings. */
function SignInAgain() {
  const t = useText();
  const identities = useListIdentitiesQuery();
  const [start] = useSignInAgainMutation();
  const [leaving, setLeaving] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const go = async (provider: string, name: string) => {
    setLeaving(provider);
    setFailed(null);
    const result = await start(provider);
    if ('error' in result || !result.data) {
      setLeaving(null);
      setFailed(name);
      return;
    }
    window.location.assign(result.data.url);
  };

  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">{t('settings.proof.providerStale')}</p>
      <div className="flex flex-wrap gap-2">
        {(identities.data ?? []).map((identity) => (
          <Button key={identity.id} type="button" variant="outline" disabled={leaving !== null} onClick={() => void go(identity.provider, identity.providerName)}>
            {leaving === identity.provider ? t('settings.proof.leaving', { name: identity.providerName }) : t('settings.proof.signInAgain', { name: identity.providerName })}
          </Button>
        ))}
      </div>
      {failed ? (
        <p className="text-sm text-destructive" role="alert">
          {t('settings.proof.signInAgainFailed', { name: failed })}
        </p>
      ) : null}
    </div>
  );
}
