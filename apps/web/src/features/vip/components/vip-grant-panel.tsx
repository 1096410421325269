import type { UserRole } from '@app/contracts';
import { fieldMessage, VIP_GRANT_DAYS_MAX, VIP_GRANT_DAYS_MIN, VIP_GRANT_DEFAULT_DAYS } from '@app/contracts/browser';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { errorMessage, wordField } from '@/lib/errors';
import { useGetVipHistoryQuery, useGrantVipMutation, useRevokeVipMutation } from '../api/vip-grants-api';
import { VIP_GRANT_TEXT as T } from '../vip-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';

/** The server's words for a period it would refuse, in the language spoken. */
function daysProblem(): string {
  const problem = fieldMessage('moderation_days', { min: VIP_GRANT_DAYS_MIN, max: VIP_GRANT_DAYS_MAX });
  return wordField(problem, problem.message);
}

/**
 * A person's VIP on the moderators' desk: until when it runs, a grant for a number of days (or
 * a revoke), each with a reason, and the list of what was done. Members and VIPs only: sellers
 * and moderators already have every VIP feature.
 */
export function VipGrantPanel({ userId, role }: { userId: number; role: UserRole }) {
  const locale = useFormatLocale();
  const { data: history } = useGetVipHistoryQuery(userId, { refetchOnMountOrArgChange: true });
  const [grant, granting] = useGrantVipMutation();
  const [revoke, revoking] = useRevokeVipMutation();
  const [days, setDays] = useState(String(VIP_GRANT_DEFAULT_DAYS));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ days?: string; reason?: string }>({});
  const latest = history?.[0];
  const until = role === 'vip' && latest?.action === 'grant' ? latest.vipUntil : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const count = Number(days);
    const problems = {
      days: role !== 'vip' && !(Number.isInteger(count) && count >= VIP_GRANT_DAYS_MIN && count <= VIP_GRANT_DAYS_MAX) ? daysProblem() : undefined,
      reason: reason.trim() ? undefined : T.reasonRequired,
    };
    setError(problems);
    if (problems.days || problems.reason) return;
    const result = role === 'vip' ? await revoke({ userId, reason: reason.trim() }) : await grant({ userId, days: count, reason: reason.trim() });
    if ('error' in result) {
      toast({ title: T.failed, description: errorMessage(result.error, T.failed), variant: 'destructive' });
      return;
    }
    toast({ title: role === 'vip' ? T.revoked : T.granted });
    setReason('');
  };

  return (
    <section aria-label={T.title} className="space-y-3 rounded-md border p-3">
      <h4 className="text-sm font-semibold">{T.title}</h4>
      <p className="text-sm" data-testid="vip-status">
        {role === 'vip' ? (until ? T.until(formatDate(until, locale, { time: true })) : T.noEnd) : T.none}
      </p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end" noValidate>
        {role !== 'vip' ? (
          <FormField label={T.days} error={error.days}>
            {(control) => <Input {...control} type="number" inputMode="numeric" min={VIP_GRANT_DAYS_MIN} max={VIP_GRANT_DAYS_MAX} value={days} onChange={(e) => setDays(e.target.value)} />}
          </FormField>
        ) : null}
        <FormField label={T.reason} error={error.reason} className={role === 'vip' ? 'sm:col-span-2' : undefined}>
          {(control) => <Input {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}
        </FormField>
        <Button type="submit" size="sm" variant={role === 'vip' ? 'destructive' : 'default'} disabled={granting.isLoading || revoking.isLoading}>
          {role === 'vip' ? T.revoke : T.grant}
        </Button>
      </form>
      {history?.length ? (
        <ul aria-label={T.history} className="space-y-1 text-xs text-muted-foreground">
          {history.map((change) => (
            <li key={change.id}>
              {formatDate(change.createdAt, locale, { time: true })} · {T.actions[change.action]}
              {change.vipUntil ? ` · ${T.until(formatDate(change.vipUntil, locale, { time: true }))}` : ''}
              {change.actorUsername ? ` · ${T.by(change.actorUsername)}` : ''}
              {change.reason ? ` · ${change.reason}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
