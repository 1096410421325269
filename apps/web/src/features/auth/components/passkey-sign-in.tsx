import type { AuthenticationResponseJSON } from '@app/contracts';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useText } from '@/i18n/use-text';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { cancelPasskeyRequest, getPasskey, passkeyAutofillAvailable, passkeyRefusal, passkeysSupported } from '@/lib/webauthn';
import { usePasskeySignInMutation, usePasskeySignInOptionsMutation } from '../api/passkey-sign-in-api';

export type PasskeySignInProps = {
  /** What is typed in the email or username field, if anything: the passkey must then be that account's. */
  login: string;
  rememberMe: boolean;
  onSignedIn: () => void;
};

/**
 * "Sign in with a passkey": no password, no captcha; the browser lists this site's passkeys and
 * the person picks one. Where the browser can, they are also offered in the username field's
 * autofill (its input says `autocomplete="username webauthn"`) from the moment the form opens.
 */
export function PasskeySignIn({ login, rememberMe, onSignedIn }: PasskeySignInProps) {
  const t = useText();
  const [askOptions] = usePasskeySignInOptionsMutation();
  const [signIn] = usePasskeySignInMutation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The autofill offer outlives renders: it reads the latest choice of Remember me when it completes.
  const latest = useRef({ rememberMe, onSignedIn });
  latest.current = { rememberMe, onSignedIn };

  const finish = async (attempt: string, response: AuthenticationResponseJSON) => {
    const result = await signIn({ attempt, response, rememberMe: latest.current.rememberMe });
    if ('error' in result) {
      const fields = fieldErrors(result.error);
      setProblem(fields?.response?.join(' ') ?? fields?.attempt?.join(' ') ?? errorMessage(result.error, t('auth.passkey.failed')));
      return;
    }
    latest.current.onSignedIn();
  };

  useEffect(() => {
    let open = true;
    void (async () => {
      if (!(await passkeyAutofillAvailable())) return;
      const started = await askOptions({});
      if (!open || 'error' in started) return;
      // Waits until a passkey is picked from the suggestions; the button's request or leaving the form ends it.
      const response = await getPasskey(started.data.options, { autofill: true }).catch(() => null);
      if (open && response) await finish(started.data.attempt, response);
    })();
    return () => {
      open = false;
      void cancelPasskeyRequest();
    };
    // Once per form: the offer is made when it opens.
  }, []);

  if (!passkeysSupported()) return null;

  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const started = await askOptions(login.trim() ? { login: login.trim() } : {});
      if ('error' in started) {
        setProblem(errorMessage(started.error, t('auth.passkey.failed')));
        return;
      }
      let response;
      try {
        response = await getPasskey(started.data.options);
      } catch (error) {
        setProblem(t(passkeyRefusal(error) === 'cancelled' ? 'auth.passkey.cancelled' : 'auth.passkey.failed'));
        return;
      }
      await finish(started.data.attempt, response);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        {t('auth.passkey.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={() => void start()}>
        <KeyRound className="mr-2 h-4 w-4" aria-hidden />
        {busy ? t('auth.passkey.busy') : t('auth.passkey.signIn')}
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
