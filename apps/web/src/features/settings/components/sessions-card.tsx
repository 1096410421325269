import type { SessionInfoDto, SignInMethod } from '@app/contracts';
import { LaptopMinimal, MonitorSmartphone, Smartphone, Tablet, Tv } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { LoadFailed } from '@/components/load-failed';
import { toast } from '@/components/ui/toast-store';
import { useFormatLocale, useText } from '@/i18n/use-text';
import { errorMessage } from '@/lib/errors';
import { formatDate, formatRelativeTime } from '@/lib/format';
import { useEndOtherSessionsMutation, useEndSessionMutation, useListSessionsQuery } from '../api/sessions-api';

const DEVICE_ICONS = { desktop: LaptopMinimal, mobile: Smartphone, tablet: Tablet, tv: Tv } as const;
const METHOD_WORDS = {
  password: 'settings.sessions.method.password',
  'password-and-code': 'settings.sessions.method.password-and-code',
  passkey: 'settings.sessions.method.passkey',
  provider: 'settings.sessions.method.provider',
  'provider-and-code': 'settings.sessions.method.provider-and-code',
  guest: 'settings.sessions.method.guest',
} as const satisfies Record<SignInMethod, string>;

/** Settings' "Devices": every session of the account, where and how it signed in, each one signed out on its own, or all but this one. */
export function SessionsCard() {
  const t = useText();
  const sessions = useListSessionsQuery();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const signOutOthers = async () => {
    const result = await endOthers();
    if ('error' in result) {
      toast({ variant: 'destructive', title: t('settings.sessions.signOutFailed'), description: errorMessage(result.error, '') || undefined });
      return;
    }
    toast({ title: t('settings.sessions.signedOutOthers', { count: result.data.ended }) });
  };

  return (
    <SectionCard titleId="sessions-title" title={t('settings.sessions.title')} icon={MonitorSmartphone} description={t('settings.sessions.description')}>
      {sessions.isLoading ? (
        <p className="mt-4 text-sm text-muted-foreground" role="status">
          {t('settings.sessions.loading')}
        </p>
      ) : sessions.isError || !sessions.data ? (
        <LoadFailed className="mt-4" message={t('settings.sessions.loadFailed')} retryLabel={t('settings.sessions.retry')} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{t('settings.sessions.empty')}</p>
      ) : (
        <>
          <ul className="mt-4 divide-y" aria-label={t('settings.sessions.title')}>
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others > 0 ? (
            <Button className="mt-4 w-full sm:w-auto" variant="outline" disabled={endingOthers} onClick={() => void signOutOthers()}>
              {t('settings.sessions.signOutOthers')}
            </Button>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}

function SessionRow({ session }: { session: SessionInfoDto }) {
  const t = useText();
  const locale = useFormatLocale();
  const [end, { isLoading }] = useEndSessionMutation();
  const Icon = session.deviceType ? DEVICE_ICONS[session.deviceType] : MonitorSmartphone;
  const device = !session.browser
    ? t('settings.sessions.unknownBrowser')
    : session.os
      ? t('settings.sessions.browserOn', { browser: session.browser, os: session.os })
      : session.browser;
  const place = session.countryCode ? (new Intl.DisplayNames([locale], { type: 'region' }).of(session.countryCode) ?? session.countryCode) : t('settings.sessions.unknownPlace');
  const method = t(METHOD_WORDS[session.signedInWith]);

  const signOut = async () => {
    const result = await end(session.id);
    if ('error' in result) {
      toast({ variant: 'destructive', title: t('settings.sessions.signOutFailed'), description: errorMessage(result.error, '') || undefined });
      return;
    }
    toast({ title: t('settings.sessions.signedOut'), description: device });
  };

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-testid="session">
      <Icon className="hidden h-5 w-5 shrink-0 text-muted-foreground sm:block" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="truncate">{device}</span>
          {session.current ? <Badge variant="secondary">{t('settings.sessions.thisDevice')}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {place} · {t('settings.sessions.signedIn', { date: formatDate(session.createdAt, locale, { time: true }), method })}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.current ? t('settings.sessions.activeNow') : t('settings.sessions.lastActive', { when: formatRelativeTime(session.lastActiveAt, Date.now(), locale) })}
        </p>
      </div>
      {session.current ? null : (
        <Button size="sm" variant="outline" disabled={isLoading} aria-label={t('settings.sessions.signOutLabel', { device })} onClick={() => void signOut()}>
          {t('settings.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
