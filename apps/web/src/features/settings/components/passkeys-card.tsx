import type { PasskeyDto } from '@app/contracts';
import { PASSKEY_NAME_MAX } from '@app/contracts/browser';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadFailed } from '@/components/load-failed';
import { toast } from '@/components/ui/toast-store';
import { useFormatLocale, useText } from '@/i18n/use-text';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { createPasskey, passkeyRefusal, passkeysSupported } from '@/lib/webauthn';
import { useAddPasskeyMutation, useListPasskeysQuery, usePasskeyRegistrationOptionsMutation, useRemovePasskeyMutation, useRenamePasskeyMutation } from '../api/passkeys-api';

/** The server's words for one field of a refused form, else its general message. */
function fieldError(error: unknown, field: string, fallback: string): string | undefined {
  if (!error) return undefined;
  const fields = fieldErrors(error);
  return fields?.[field]?.join(' ') ?? errorMessage(error, fallback);
}

/** Settings' "Passkeys": add one with a name, see each with when it was added and last used, rename or remove it. */
export function PasskeysCard() {
  const t = useText();
  const passkeys = useListPasskeysQuery();
  return (
    <SectionCard titleId="passkeys-title" title={t('settings.passkeys.title')} icon={KeyRound} description={t('settings.passkeys.description')}>
      <AddPasskey />
      <h3 className="mt-6 text-sm font-semibold">{t('settings.passkeys.listTitle')}</h3>
      {passkeys.isLoading ? (
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          {t('settings.passkeys.loading')}
        </p>
      ) : passkeys.isError || !passkeys.data ? (
        <LoadFailed className="mt-2" message={t('settings.passkeys.loadFailed')} retryLabel={t('settings.passkeys.retry')} onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('settings.passkeys.empty')}</p>
      ) : (
        <ul className="mt-2 divide-y" aria-label={t('settings.passkeys.listTitle')}>
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** A name first, then the device's own prompt (fingerprint, face, PIN); the server verifies what it made. */
function AddPasskey() {
  const t = useText();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [askOptions] = usePasskeyRegistrationOptionsMutation();
  const [add] = useAddPasskeyMutation();

  if (!passkeysSupported()) {
    return <p className="mt-4 rounded-md border bg-muted/40 px-3 py-2 text-sm">{t('settings.passkeys.unsupported')}</p>;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(t('settings.passkeys.nameRequired'));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const options = await askOptions();
      if ('error' in options) {
        setProblem(errorMessage(options.error, t('settings.passkeys.failed')));
        return;
      }
      let response;
      try {
        response = await createPasskey(options.data);
      } catch (error) {
        const refusal = passkeyRefusal(error);
        setProblem(t(refusal === 'cancelled' ? 'settings.passkeys.cancelled' : refusal === 'registered' ? 'settings.passkeys.alreadyOnDevice' : 'settings.passkeys.failed'));
        return;
      }
      const added = await add({ name: name.trim(), response });
      if ('error' in added) {
        setProblem(fieldError(added.error, 'name', t('settings.passkeys.failed')) ?? t('settings.passkeys.failed'));
        return;
      }
      setName('');
      toast({ title: t('settings.passkeys.added'), description: added.data.name });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={t('settings.passkeys.add')}>
      <FormField label={t('settings.passkeys.nameLabel')} error={problem} className="flex-1">
        {(c) => (
          <Input
            {...c}
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            placeholder={t('settings.passkeys.namePlaceholder')}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(undefined);
            }}
          />
        )}
      </FormField>
      <Button type="submit" disabled={busy} className={problem ? 'sm:mb-6' : undefined}>
        {busy ? t('settings.passkeys.adding') : t('settings.passkeys.add')}
      </Button>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyDto }) {
  const t = useText();
  const locale = useFormatLocale();
  const [renaming, setRenaming] = useState(false);
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-testid="passkey">
      <KeyRound className="hidden h-5 w-5 shrink-0 text-muted-foreground sm:block" aria-hidden />
      {renaming ? (
        <RenamePasskey passkey={passkey} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{passkey.name}</p>
            <p className="text-xs text-muted-foreground">
              {t('settings.passkeys.created', { date: date(passkey.createdAt) })} ·{' '}
              {passkey.lastUsedAt ? t('settings.passkeys.lastUsed', { date: date(passkey.lastUsedAt) }) : t('settings.passkeys.neverUsed')}
            </p>
          </div>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" aria-label={t('settings.passkeys.renameLabel', { name: passkey.name })} onClick={() => setRenaming(true)}>
              {t('settings.passkeys.rename')}
            </Button>
            <RemovePasskey passkey={passkey} />
          </div>
        </>
      )}
    </li>
  );
}

function RenamePasskey({ passkey, onDone }: { passkey: PasskeyDto; onDone: () => void }) {
  const t = useText();
  const [name, setName] = useState(passkey.name);
  const [rename, { isLoading, error, reset }] = useRenamePasskeyMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await rename({ id: passkey.id, name: name.trim() });
    if ('data' in result && result.data) {
      toast({ title: t('settings.passkeys.renamed'), description: result.data.name });
      onDone();
    }
  };
  return (
    <form
      onSubmit={submit}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
      className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-end"
      aria-label={t('settings.passkeys.renameLabel', { name: passkey.name })}
    >
      <FormField label={t('settings.passkeys.nameLabel')} error={fieldError(error, 'name', t('settings.passkeys.failed'))} className="flex-1">
        {(c) => (
          <Input
            {...c}
            autoFocus
            required
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              reset();
            }}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isLoading}>
          {t('settings.passkeys.save')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          {t('settings.passkeys.cancel')}
        </Button>
      </div>
    </form>
  );
}

function RemovePasskey({ passkey }: { passkey: PasskeyDto }) {
  const t = useText();
  const [open, setOpen] = useState(false);
  const [remove, { isLoading }] = useRemovePasskeyMutation();
  const confirm = async () => {
    const result = await remove(passkey.id);
    if ('error' in result) {
      toast({ variant: 'destructive', title: t('settings.passkeys.removeFailed'), description: errorMessage(result.error, '') || undefined });
      return;
    }
    setOpen(false);
    toast({ title: t('settings.passkeys.removed'), description: passkey.name });
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="outline" aria-label={t('settings.passkeys.removeLabel', { name: passkey.name })} onClick={() => setOpen(true)}>
        {t('settings.passkeys.remove')}
      </Button>
      <DialogContent>
        <DialogTitle className="pr-6 text-lg font-semibold">{t('settings.passkeys.removeTitle')}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">{t('settings.passkeys.removeBody', { name: passkey.name })}</DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('settings.passkeys.cancel')}</Button>
          </DialogClose>
          <Button variant="destructive" disabled={isLoading} onClick={() => void confirm()}>
            {t('settings.passkeys.removeConfirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
