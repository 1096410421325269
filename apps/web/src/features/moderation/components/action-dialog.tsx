import type { LiftableSanction } from '@app/contracts';
import { LIFTABLE_SANCTIONS, MODERATION_REASON_MAX, MUTE_PRESETS, SANCTION_DAYS_MAX, SANCTION_DAYS_MIN } from '@app/contracts/browser';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { useModerateMutation, type ModerationActionRequest } from '../api/moderation-desk-api';
import { DESK_TEXT as T } from '../moderation-copy';

export type ModerationActionKind = ModerationActionRequest['action'];

/** What an action is done to; the dialog adds the reason and, for some, a duration. */
export interface ActionTarget {
  action: ModerationActionKind;
  /** Who or what, as the moderator reads it. */
  label: string;
  reportId?: number;
  messageId?: number;
  roomId?: number;
  userId?: number;
}

export type ActionDialogProps = { target: ActionTarget | null; onClose: () => void; onDone?: () => void };

/** Every moderator action asks for its reason here before it is taken. */
export function ActionDialog({ target, onClose, onDone }: ActionDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target ? (
        <DialogContent>
          <ActionForm
            key={`${target.action}-${target.reportId}-${target.userId}-${target.messageId}-${target.roomId}`}
            target={target}
            onDone={() => {
              onClose();
              onDone?.();
            }}
            onCancel={onClose}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function requestOf(target: ActionTarget, reason: string, duration: string, days: number, sanction: LiftableSanction): ModerationActionRequest {
  const reportId = target.reportId;
  switch (target.action) {
    case 'dismiss':
      return { action: 'dismiss', reportId: reportId!, reason };
    case 'delete_message':
      return { action: 'delete_message', messageId: target.messageId!, reason, reportId };
    case 'delete_room':
      return { action: 'delete_room', roomId: target.roomId!, reason, reportId };
    case 'warn':
    case 'ban':
      return { action: target.action, userId: target.userId!, reason, reportId };
    case 'mute':
      return { action: 'mute', userId: target.userId!, reason, duration, reportId };
    case 'suspend':
      return { action: 'suspend', userId: target.userId!, reason, days, reportId };
    case 'lift':
      return { action: 'lift', userId: target.userId!, reason, sanction };
  }
}

function ActionForm({ target, onDone, onCancel }: { target: ActionTarget; onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const [moderate, { isLoading }] = useModerateMutation();
  const [reason, setReason] = useState('');
  const [preset, setPreset] = useState<string>('24h');
  const [days, setDays] = useState(3);
  const [sanction, setSanction] = useState<LiftableSanction>('mute');
  const name = T.actions[target.action];
  const duration = preset === 'custom' ? `${days}d` : preset;
  const daysValid = Number.isInteger(days) && days >= SANCTION_DAYS_MIN && days <= SANCTION_DAYS_MAX;
  const needsDays = target.action === 'suspend' || (target.action === 'mute' && preset === 'custom');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim() || (needsDays && !daysValid)) return;
    const result = await moderate(requestOf(target, reason.trim(), duration, days, sanction));
    if ('error' in result) {
      toast({ title: T.actionFailed, description: errorMessage(result.error, T.actionFailed), variant: 'destructive' });
      return;
    }
    toast({ title: T.done(name) });
    onDone();
  };

  return (
    <form onSubmit={submit} aria-label={T.actionTitle(name, target.label)} className="space-y-4">
      <DialogTitle className="pr-6 text-lg font-semibold">{T.actionTitle(name, target.label)}</DialogTitle>
      {target.action === 'mute' ? (
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-medium">{T.duration}</legend>
          {[...MUTE_PRESETS, 'custom' as const].map((key) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-duration`} value={key} checked={preset === key} onChange={() => setPreset(key)} className="accent-primary" />
              {T.durations[key]}
            </label>
          ))}
        </fieldset>
      ) : null}
      {needsDays ? (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-days`}>{T.days}</Label>
          <Input
            id={`${id}-days`}
            type="number"
            min={SANCTION_DAYS_MIN}
            max={SANCTION_DAYS_MAX}
            value={Number.isNaN(days) ? '' : days}
            aria-invalid={!daysValid}
            onChange={(e) => setDays(e.target.valueAsNumber)}
            className="w-28"
          />
        </div>
      ) : null}
      {target.action === 'lift' ? (
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-medium">{T.sanction}</legend>
          {LIFTABLE_SANCTIONS.map((key) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-sanction`} value={key} checked={sanction === key} onChange={() => setSanction(key)} className="accent-primary" />
              {T.sanctions[key]}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-reason`}>{T.why}</Label>
        <Textarea id={`${id}-reason`} required rows={3} maxLength={MODERATION_REASON_MAX} value={reason} placeholder={T.whyPlaceholder} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {T.cancel}
        </Button>
        <Button type="submit" variant={target.action === 'dismiss' || target.action === 'lift' ? 'default' : 'destructive'} disabled={isLoading || !reason.trim() || (needsDays && !daysValid)}>
          {isLoading ? T.working : T.confirm}
        </Button>
      </div>
    </form>
  );
}
