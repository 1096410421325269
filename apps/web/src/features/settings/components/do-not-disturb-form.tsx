import type { DoNotDisturbSettings, UserSettings } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { DND_TEXT, SETTINGS_TEXT } from '../settings-copy';

export type DoNotDisturbFormProps = {
  settings: UserSettings;
  /** Saves the whole settings object; true when the server took it. */
  save: (next: UserSettings) => Promise<boolean>;
};

/** The browser's own zone: the hours mean this device's clock, wherever the server runs. */
function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Quiet hours for push notifications. Unlike the switches above it is a small form with its own
 * Save: a time typed half way is not a choice yet.
 */
export function DoNotDisturbForm({ settings, save }: DoNotDisturbFormProps) {
  const [draft, setDraft] = useState<DoNotDisturbSettings>(settings.notifications.doNotDisturb);
  const [saving, setSaving] = useState(false);
  const zone = deviceTimeZone();
  const sameTimes = draft.enabled && draft.from === draft.to;
  const change = (patch: Partial<DoNotDisturbSettings>) => setDraft((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sameTimes) return;
    setSaving(true);
    const doNotDisturb = { ...draft, timeZone: zone };
    const saved = await save({ ...settings, notifications: { ...settings.notifications, doNotDisturb } });
    setSaving(false);
    if (saved) toast({ title: SETTINGS_TEXT.saved });
  }

  return (
    <form className="mt-2 border-t pt-4" aria-labelledby="dnd-title" onSubmit={(event) => void submit(event)}>
      <div className="flex items-center justify-between gap-4">
        <div>
          <h3 id="dnd-title" className="text-sm font-semibold">
            {DND_TEXT.title}
          </h3>
          <p className="mt-1 text-xs text-muted-foreground">{DND_TEXT.description}</p>
        </div>
        <Switch id="dnd-enabled" aria-labelledby="dnd-title" checked={draft.enabled} onCheckedChange={(enabled) => change({ enabled })} />
      </div>
      <fieldset disabled={!draft.enabled} className="mt-4 space-y-4 disabled:opacity-60">
        <div className="grid grid-cols-2 gap-3 sm:max-w-xs">
          <div>
            <Label htmlFor="dnd-from">{DND_TEXT.from}</Label>
            <Input id="dnd-from" type="time" required value={draft.from} onChange={(event) => change({ from: event.target.value })} className="mt-1" />
          </div>
          <div>
            <Label htmlFor="dnd-to">{DND_TEXT.to}</Label>
            <Input id="dnd-to" type="time" required value={draft.to} onChange={(event) => change({ to: event.target.value })} className="mt-1" />
          </div>
        </div>
        <p className="text-xs text-muted-foreground">{DND_TEXT.timeZone(zone)}</p>
        {sameTimes ? (
          <p className="text-sm text-destructive" role="alert">
            {DND_TEXT.sameTimes}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor="dnd-allow-calls">{DND_TEXT.allowCalls}</Label>
            <p className="mt-1 text-xs text-muted-foreground">{DND_TEXT.allowCallsDescription}</p>
          </div>
          <Switch id="dnd-allow-calls" checked={draft.allowCalls} onCheckedChange={(allowCalls) => change({ allowCalls })} />
        </div>
      </fieldset>
      <Button type="submit" className="mt-4" disabled={saving || sameTimes}>
        {saving ? DND_TEXT.saving : DND_TEXT.save}
      </Button>
    </form>
  );
}
