import type { ReportReason, ReportTargetType } from '@app/contracts';
import { ModerationMessages, REPORT_NOTE_MAX, REPORT_REASON_KEYS, REPORT_REASONS } from '@app/contracts/browser';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { useCreateReportMutation } from '../api/reports-api';
import { REPORT_TEXT } from '../report-copy';

export interface ReportTarget {
  type: ReportTargetType;
  id: number;
  /** What is reported, as the reporter knows it ("Message by alice", "alice"). */
  label: string;
}

export type ReportDialogProps = {
  /** Null keeps the dialog closed. */
  target: ReportTarget | null;
  onClose: () => void;
};

/** The one way to report anything: a reason, an optional note, and "Report received". */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target ? (
        <DialogContent>
          <ReportForm key={`${target.type}-${target.id}`} target={target} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const id = useId();
  const [createReport, { isLoading }] = useCreateReportMutation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    const trimmed = note.trim();
    const result = await createReport({ targetType: target.type, targetId: target.id, reason, ...(trimmed ? { note: trimmed } : {}) });
    if ('error' in result) {
      toast({ title: REPORT_TEXT.failed, description: errorMessage(result.error, REPORT_TEXT.failed), variant: 'destructive' });
      return;
    }
    toast({ title: ModerationMessages.ReportReceived });
    onDone();
  };

  return (
    <form onSubmit={submit} aria-label={REPORT_TEXT.title[target.type]}>
      <DialogTitle className="pr-6 text-lg font-semibold">{REPORT_TEXT.title[target.type]}</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{target.label}</span> · {REPORT_TEXT.description}
      </DialogDescription>
      <fieldset className="mt-4 space-y-1">
        <legend className="mb-1 text-sm font-medium">{REPORT_TEXT.reason}</legend>
        {REPORT_REASON_KEYS.map((key) => (
          <label key={key} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted">
            <input type="radio" name={`${id}-reason`} value={key} checked={reason === key} onChange={() => setReason(key)} className="accent-primary" />
            {REPORT_REASONS[key]}
          </label>
        ))}
      </fieldset>
      <div className="mt-3 space-y-1.5">
        <Label htmlFor={`${id}-note`}>{REPORT_TEXT.note}</Label>
        <Textarea id={`${id}-note`} value={note} maxLength={REPORT_NOTE_MAX} rows={3} placeholder={REPORT_TEXT.notePlaceholder} onChange={(e) => setNote(e.target.value)} />
        <p className="text-right text-xs text-muted-foreground">{REPORT_TEXT.noteCount(note.length)}</p>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {REPORT_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={!reason || isLoading}>
          {isLoading ? REPORT_TEXT.sending : REPORT_TEXT.send}
        </Button>
      </div>
    </form>
  );
}
