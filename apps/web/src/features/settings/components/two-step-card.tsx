import type { TwoStepSetupDto } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadFailed } from '@/components/load-failed';
import { toast } from '@/components/ui/toast-store';
import { useText } from '@/i18n/use-text';
import { errorMessage, fieldErrors } from '@/lib/errors';
import {
  useConfirmTwoStepMutation,
  useDisableTwoStepMutation,
  useGetTwoStepQuery,
  useRegenerateRecoveryCodesMutation,
  useStartTwoStepMutation,
} from '../api/two-step-api';
import { firstProofMode, IdentityProof, proofReady, proofRefusal, useProofBody, type ProofAccount, type ProofMode } from './identity-proof';

/** The server's words for one field of a refused form, else its general message. */
function fieldError(error: unknown, field: string, fallback: string): string | undefined {
  if (!error) return undefined;
  const fields = fieldErrors(error);
  if (fields) return fields[field]?.join(' ');
  return errorMessage(error, fallback);
}

/** Settings' "Two-step sign-in": enrolment with a QR code, recovery codes shown once, new codes, turning it off. */
export type TwoStepCardProps = {
  /** What may stand for the password when turning it off: a passkey, or a fresh provider sign-in. */
  account: ProofAccount;
};

export function TwoStepCard({ account }: TwoStepCardProps) {
  const t = useText();
  const status = useGetTwoStepQuery();
  const [setup, setSetup] = useState<TwoStepSetupDto | null>(null);
  /** Recovery codes just made: shown this once, until the person says they saved them. */
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <SectionCard titleId="two-step-title" title={t('settings.twoStep.title')} description={t('settings.twoStep.description')}>
      <div className="mt-4">
        {status.isLoading ? (
          <p className="text-sm text-muted-foreground" role="status">
            {t('settings.twoStep.loading')}
          </p>
        ) : status.isError || !status.data ? (
          <LoadFailed message={t('settings.twoStep.loadFailed')} retryLabel={t('settings.twoStep.retry')} onRetry={() => void status.refetch()} />
        ) : codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : status.data.enabled ? (
          <TwoStepOn recoveryCodesLeft={status.data.recoveryCodesLeft} onCodes={setCodes} account={account} />
        ) : setup ? (
          <Enrolment
            setup={setup}
            onCancel={() => setSetup(null)}
            onConfirmed={(made) => {
              setSetup(null);
              setCodes(made);
            }}
          />
        ) : (
          <TwoStepOff onStarted={setSetup} />
        )}
      </div>
    </SectionCard>
  );
}

function TwoStepOff({ onStarted }: { onStarted: (setup: TwoStepSetupDto) => void }) {
  const t = useText();
  const [start, { isLoading }] = useStartTwoStepMutation();
  const begin = async () => {
    const result = await start();
    if ('error' in result) toast({ variant: 'destructive', title: t('settings.twoStep.failed'), description: errorMessage(result.error, '') || undefined });
    else onStarted(result.data);
  };
  return (
    <div className="space-y-3">
      <p className="text-sm">{t('settings.twoStep.off')}</p>
      <Button onClick={() => void begin()} disabled={isLoading}>
        {isLoading ? t('settings.twoStep.starting') : t('settings.twoStep.start')}
      </Button>
    </div>
  );
}

function Enrolment({ setup, onCancel, onConfirmed }: { setup: TwoStepSetupDto; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const t = useText();
  const [code, setCode] = useState('');
  const [confirm, { isLoading, error, reset }] = useConfirmTwoStepMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await confirm({ code: code.trim() });
    if ('data' in result && result.data) {
      toast({ title: t('settings.twoStep.turnedOn') });
      onConfirmed(result.data.codes);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('settings.twoStep.start')}>
      <p className="text-sm">{t('settings.twoStep.scan')}</p>
      <img src={setup.qrCode} alt={t('settings.twoStep.qrAlt')} width={192} height={192} className="h-48 w-48 rounded-md border bg-white" />
      <div>
        <p className="text-sm font-medium" id="two-step-key-label">
          {t('settings.twoStep.setupKey')}
        </p>
        <code aria-labelledby="two-step-key-label" data-testid="two-step-secret" className="mt-1 block break-all rounded bg-muted px-2 py-1 font-mono text-sm select-all">
          {setup.secret}
        </code>
      </div>
      <FormField label={t('settings.twoStep.code')} error={fieldError(error, 'code', t('settings.twoStep.failed'))}>
        {(c) => (
          <Input
            {...c}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={7}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              reset();
            }}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isLoading}>
          {t('settings.twoStep.confirm')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('settings.twoStep.cancel')}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useText();
  return (
    <div className="space-y-3" role="region" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="font-semibold">
        {t('settings.twoStep.codesTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('settings.twoStep.codesHint')}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-labelledby="recovery-codes-title" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button onClick={onDone}>{t('settings.twoStep.codesDone')}</Button>
    </div>
  );
}

function TwoStepOn({ recoveryCodesLeft, onCodes, account }: { recoveryCodesLeft: number; onCodes: (codes: string[]) => void; account: ProofAccount }) {
  const t = useText();
  const [code, setCode] = useState('');
  const [regenerate, regenerating] = useRegenerateRecoveryCodesMutation();
  const [password, setPassword] = useState('');
  const [mode, setMode] = useState<ProofMode>(() => firstProofMode(account));
  const [disableCode, setDisableCode] = useState('');
  const [disable, disabling] = useDisableTwoStepMutation();
  const proofBody = useProofBody();
  const [passkeyCancelled, setPasskeyCancelled] = useState(false);
  const proofRefused = disabling.error ? proofRefusal(disabling.error) : null;

  const makeCodes = async (event: FormEvent) => {
    event.preventDefault();
    const result = await regenerate({ code: code.trim() });
    if ('data' in result && result.data) {
      setCode('');
      onCodes(result.data.codes);
    }
  };
  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    setPasskeyCancelled(false);
    const proof = await proofBody(mode, password);
    if (!proof) {
      setPasskeyCancelled(true);
      return;
    }
    const result = await disable({ ...proof, code: disableCode.trim() });
    if ('data' in result && result.data) toast({ title: t('settings.twoStep.turnedOff') });
  };

  return (
    <div className="space-y-6">
      <p className="text-sm" role="status">
        {t('settings.twoStep.on', { count: recoveryCodesLeft })}
      </p>
      <form onSubmit={makeCodes} className="space-y-3" aria-labelledby="two-step-regenerate">
        <h3 id="two-step-regenerate" className="font-semibold">
          {t('settings.twoStep.regenerateTitle')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('settings.twoStep.regenerateHint')}</p>
        <FormField label={t('settings.twoStep.codeOrRecovery')} error={fieldError(regenerating.error, 'code', t('settings.twoStep.failed'))}>
          {(c) => <Input {...c} autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />}
        </FormField>
        <Button type="submit" variant="outline" disabled={regenerating.isLoading}>
          {t('settings.twoStep.regenerate')}
        </Button>
      </form>
      <form onSubmit={turnOff} className="space-y-3" aria-labelledby="two-step-disable">
        <h3 id="two-step-disable" className="font-semibold">
          {t('settings.twoStep.disableTitle')}
        </h3>
        <IdentityProof
          account={account}
          mode={mode}
          onMode={(next) => {
            setMode(next);
            setPasskeyCancelled(false);
            disabling.reset();
          }}
          password={password}
          onPassword={setPassword}
          passwordLabel={t('settings.twoStep.password')}
          passwordError={fieldError(disabling.error, 'password', t('settings.twoStep.failed'))}
        />
        <FormField label={t('settings.twoStep.codeOrRecovery')} error={fieldError(disabling.error, 'code', t('settings.twoStep.failed'))}>
          {(c) => <Input {...c} autoComplete="one-time-code" required value={disableCode} onChange={(e) => setDisableCode(e.target.value)} />}
        </FormField>
        {proofRefused || passkeyCancelled ? (
          <p className="text-sm text-destructive" role="alert">
            {proofRefused ? t(proofRefused) : t('settings.proof.passkeyCancelled')}
          </p>
        ) : null}
        <Button type="submit" variant="destructive" disabled={disabling.isLoading || !proofReady(mode, account, password)}>
          {t('settings.twoStep.disable')}
        </Button>
      </form>
    </div>
  );
}
