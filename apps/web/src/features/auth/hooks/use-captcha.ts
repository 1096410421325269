import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { t } from '@/i18n/i18n';
import { useIssueCaptchaMutation, useVerifyCaptchaMutation } from '../api/auth-api';
import { runPow, type PowRun } from '../pow/run-pow';

/** After this many refreshes the spec's warning shows. */
export const CAPTCHA_REFRESH_WARNING_AFTER = 3;

export interface CaptchaState {
  question: string | null;
  answer: string;
  setAnswer: (answer: string) => void;
  verify: () => Promise<void>;
  /** A new question asked for by the person (counts toward the warning). */
  refresh: () => void;
  /** A new question after the token was spent (a submit), not counted. */
  reset: () => void;
  token: string | null;
  verified: boolean;
  loading: boolean;
  verifying: boolean;
  /** The answer waits for the page's proof of work (the person typed faster than it ran). */
  checking: boolean;
  error: string | null;
  refreshCount: number;
}

/**
 * The server-checked arithmetic captcha: the server keeps the answer, checks the typed one
 * and hands back a single-use token. Verified means the server said so, never a local sum.
 * Under each question the page solves a proof of work in the background while the person types.
 */
export function useCaptcha(): CaptchaState {
  const [issue, { isLoading: loading }] = useIssueCaptchaMutation();
  const [verifyAnswer, { isLoading: verifying }] = useVerifyCaptchaMutation();
  const [challenge, setChallenge] = useState<{ id: string; question: string } | null>(null);
  const pow = useRef<PowRun | null>(null);
  const [checking, setChecking] = useState(false);
  const [answer, setAnswer] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refreshCount, setRefreshCount] = useState(0);
  const expiry = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearExpiry = () => {
    if (expiry.current) clearTimeout(expiry.current);
    expiry.current = null;
  };

  const endPow = () => {
    pow.current?.cancel();
    pow.current = null;
  };

  const load = useCallback(async () => {
    clearExpiry();
    endPow();
    setToken(null);
    setAnswer('');
    setError(null);
    const result = await issue();
    if ('data' in result && result.data) {
      endPow();
      pow.current = runPow(result.data.pow);
      setChallenge(result.data);
    } else {
      setChallenge(null);
      setError(t('auth.captcha.unavailable'));
    }
  }, [issue]);

  useEffect(() => {
    void load();
    return () => {
      clearExpiry();
      endPow();
    };
  }, [load]);

  const verify = useCallback(async () => {
    if (!challenge || token) return;
    const value = Number(answer.trim());
    if (!answer.trim() || !Number.isInteger(value)) {
      setError(t('auth.captcha.wrongAnswer'));
      return;
    }
    setError(null);
    const run = pow.current;
    setChecking(true);
    const solution = await run?.solution;
    setChecking(false);
    // A new question came meanwhile: its own proof of work is under way.
    if (run !== pow.current) return;
    if (!solution) {
      setError(t('auth.captcha.checkFailed'));
      return;
    }
    const result = await verifyAnswer({ challengeId: challenge.id, answer: value, pow: solution });
    if ('data' in result && result.data) {
      const { token: issued, expiresInSeconds } = result.data;
      setToken(issued);
      clearExpiry();
      expiry.current = setTimeout(() => {
        setToken(null);
        setError(t('auth.captcha.expired'));
        void load();
      }, Math.max(1, expiresInSeconds - 5) * 1000);
    } else {
      setError(errorMessage(result.error, t('auth.captcha.wrongAnswer')));
    }
  }, [answer, challenge, token, verifyAnswer, load]);

  const refresh = useCallback(() => {
    setRefreshCount((n) => n + 1);
    void load();
  }, [load]);

  return {
    question: challenge?.question ?? null,
    answer,
    setAnswer: (next: string) => {
      setAnswer(next);
      if (error) setError(null);
    },
    verify,
    refresh,
    reset: () => void load(),
    token,
    verified: token !== null,
    loading,
    verifying,
    checking,
    error,
    refreshCount,
  };
}
