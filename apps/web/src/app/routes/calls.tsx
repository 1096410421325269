import { AuthRequired } from '@/features/auth/components/auth-required';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { CallHistory } from '@/features/calls/components/call-history';
import { EarningsByMonth } from '@/features/calls/components/earnings-by-month';
import { CALLS_TEXT } from '@/features/calls/calls-copy';
import { DesktopAlertsPrompt } from '@/features/notifications/components/desktop-alerts-prompt';
import { ScreenHeading } from './screen-heading';

export function CallsScreen() {
  const { user } = useCurrentUser();
  const seller = user?.role === 'seller';
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <AuthRequired description={CALLS_TEXT.authDescription}>
        <ScreenHeading title={CALLS_TEXT.pageTitle} description={CALLS_TEXT.pageSubtitle} />
        {seller ? (
          <DesktopAlertsPrompt
            words={{ title: CALLS_TEXT.alertsTitle, body: CALLS_TEXT.alertsBody, denied: CALLS_TEXT.alertsDenied, enable: CALLS_TEXT.alertsEnable }}
            tones={false}
            className="mb-6"
          />
        ) : null}
        {seller ? <EarningsByMonth /> : null}
        <CallHistory />
      </AuthRequired>
    </main>
  );
}
