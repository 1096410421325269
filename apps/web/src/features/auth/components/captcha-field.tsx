import { AlertTriangle, CheckCircle2, RefreshCw, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useText } from '@/i18n/use-text';
import { CAPTCHA_REFRESH_WARNING_AFTER, type CaptchaState } from '../hooks/use-captcha';

export type CaptchaFieldProps = { captcha: CaptchaState };

export function CaptchaField({ captcha }: CaptchaFieldProps) {
  const inputId = useId();
  const t = useText();
  const { question, answer, setAnswer, verify, refresh, verified, loading, verifying, checking, error, refreshCount } = captcha;
  const busy = verifying || checking;
  return (
    <fieldset className="rounded-lg border bg-muted/50 p-3" aria-label={t('auth.captcha.label')}>
      <legend className="flex items-center gap-1 px-1 text-xs font-medium text-muted-foreground">
        <ShieldCheck className="h-3.5 w-3.5" aria-hidden /> {t('auth.captcha.label')}
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm" data-testid="captcha-question">
          {loading && !question ? t('auth.captcha.loading') : question ? t('auth.captcha.question', { question }) : t('auth.captcha.unavailable')}
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto h-8 w-8"
          onClick={refresh}
          disabled={loading || busy}
          aria-label={t('auth.captcha.refresh')}
          title={t('auth.captcha.refresh')}
        >
          <RefreshCw className="h-4 w-4" />
        </Button>
      </div>
      {verified ? (
        <p className="mt-2 flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400" role="status">
          <CheckCircle2 className="h-4 w-4" aria-hidden /> {t('auth.captcha.verified')}
        </p>
      ) : (
        <div className="mt-2 flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            {t('auth.captcha.answer')}
          </label>
          <Input
            id={inputId}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('auth.captcha.answer')}
            value={answer}
            disabled={!question || busy}
            onChange={(e) => setAnswer(e.target.value.replace(/[^\d-]/g, ''))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void verify();
              }
            }}
          />
          <Button variant="outline" onClick={() => void verify()} disabled={!question || !answer.trim() || busy} aria-live="polite">
            {checking ? t('auth.captcha.checking') : verifying ? t('auth.captcha.verifying') : t('auth.captcha.verify')}
          </Button>
        </div>
      )}
      {error ? (
        <p className="mt-2 text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
      {refreshCount >= CAPTCHA_REFRESH_WARNING_AFTER ? (
        <p className="mt-2 flex items-start gap-1 text-xs text-amber-600" role="note">
          <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden /> {t('auth.captcha.manyRefreshes')}
        </p>
      ) : null}
    </fieldset>
  );
}
