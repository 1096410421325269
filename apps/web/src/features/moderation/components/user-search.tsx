import type { ModerationAccountDto } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useGetUserViewQuery, useLazySearchAccountsQuery } from '../api/moderation-desk-api';
import { DESK_TEXT as T } from '../moderation-copy';
import { ActionDialog, type ActionTarget, type ModerationActionKind } from './action-dialog';
import { VipGrantPanel } from '@/features/vip/components/vip-grant-panel';
import { AuditList } from './audit-list';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';

/** Find a person by username or e-mail; their record and the actions open beneath. */
export function UserSearch() {
  const [q, setQ] = useState('');
  const [search, { data, isFetching }] = useLazySearchAccountsQuery();
  const [selected, setSelected] = useState<number | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim()) void search(q.trim());
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} role="search" className="flex gap-2">
        <Input value={q} onChange={(e) => setQ(e.target.value)} placeholder={T.search} aria-label={T.search} />
        <Button type="submit" disabled={!q.trim() || isFetching}>
          {T.searchButton}
        </Button>
      </form>
      {data && !data.length ? <p className="text-sm text-muted-foreground">{T.noAccounts}</p> : null}
      {data?.length ? (
        <ul className="space-y-1" aria-label={T.tabs.users}>
          {data.map((account) => (
            <li key={account.id}>
              <button type="button" className="flex w-full items-center gap-3 rounded-md p-2 text-left text-sm hover:bg-muted" onClick={() => setSelected(account.id)}>
                <UserAvatar name={account.username} src={account.avatar} className="h-8 w-8 text-sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{account.username}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {account.email ?? ''} · {account.role}
                  </span>
                </span>
                {account.sanction ? <span className="text-xs font-medium text-destructive">{T.sanctions[account.sanction.kind]}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {selected ? <UserView userId={selected} account={data?.find((a) => a.id === selected)} /> : null}
    </div>
  );
}

function UserView({ userId, account }: { userId: number; account: ModerationAccountDto | undefined }) {
  const locale = useFormatLocale();
  const { data } = useGetUserViewQuery(userId, { refetchOnMountOrArgChange: true });
  const [acting, setActing] = useState<ActionTarget | null>(null);
  const name = data?.account.username ?? account?.username ?? '';
  const actions: ModerationActionKind[] = data?.account.role === 'moderator' ? [] : ['warn', 'mute', 'suspend', 'ban', 'lift'];
  return (
    <Card className="space-y-3 p-4" role="region" aria-label={name}>
      <h3 className="font-semibold">{name}</h3>
      {data ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{T.sanctionNow}</dt>
            <dd>
              {data.account.sanction
                ? `${T.sanctions[data.account.sanction.kind]}${data.account.sanction.endsAt ? ` · ${formatDate(data.account.sanction.endsAt, locale, { time: true })}` : ''}`
                : '—'}
            </dd>
            <dt className="text-muted-foreground">{T.mutedUntil}</dt>
            <dd>{data.record.mute ? formatDate(data.record.mute.endsAt, locale, { time: true }) : '—'}</dd>
            <dt className="text-muted-foreground">{T.warnings}</dt>
            <dd>{data.record.warnings}</dd>
            <dt className="text-muted-foreground">{T.reportsAbout}</dt>
            <dd>
              {data.record.reports.open} {T.statuses.open.toLowerCase()} / {data.record.reports.total}
            </dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button key={action} size="sm" variant={action === 'ban' ? 'destructive' : 'secondary'} onClick={() => setActing({ action, userId, label: name })}>
                {T.actions[action]}
              </Button>
            ))}
          </div>
          {data.account.role === 'user' || data.account.role === 'vip' ? <VipGrantPanel userId={userId} role={data.account.role} /> : null}
          <AuditList entries={data.record.audit} />
        </>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          {T.loading}
        </p>
      )}
      <ActionDialog target={acting} onClose={() => setActing(null)} />
    </Card>
  );
}
