import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useText } from '../../../i18n/use-text';
import { errorBody, errorMessage } from '../../../lib/errors';
import { getPasskey, passkeyRefusal, passkeysSupported } from '../../../lib/webauthn';
import { usePasskeySignInMutation, usePasskeySignInOptionsMutation } from '../api/passkey-sign-in-api';

export type PasskeySignInProps = {
  /** What is typed in the email or username field, if anything: the passkey must then be that account's. */
  login: string;
  rememberMe: boolean;
  onSignedIn: () => void;
};

/** "Sign in with a passkey": no password, no captcha; the browser lists this site's passkeys and the person picks one. */
export function PasskeySignIn({ login, rememberMe, onSignedIn }: PasskeySignInProps) {
  const t = useText();
  const [askOptions] = usePasskeySignInOptionsMutation();
  const [signIn] = usePasskeySignInMutation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
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
      const result = await signIn({ attempt: started.data.attempt, response, rememberMe });
      if ('error' in result) {
        const fields = errorBody(result.error)?.fields;
        setProblem(fields?.response?.join(' ') ?? fields?.attempt?.join(' ') ?? errorMessage(result.error, t('auth.passkey.failed')));
        return;
      }
      onSignedIn();
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
