import { Seo } from '../../components/seo';
import { AuthRequired } from '../../features/auth/components/auth-required';
import { BlockList } from '../../features/safety/components/block-list';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { PushDevices } from '../../features/push/components/push-devices';
import { AccountDeletionCard, AccountDeletionScheduled, useScheduledDeletion } from '../../features/settings/components/account-deletion-card';
import { DataExportCard } from '../../features/settings/components/data-export-card';
import { proofAccountOf } from '../../features/settings/components/identity-proof';
import { LanguageSetting } from '../../features/settings/components/language-setting';
import { SettingsForm } from '../../features/settings/components/settings-form';
import { PasskeysCard } from '../../features/settings/components/passkeys-card';
import { SessionsCard } from '../../features/settings/components/sessions-card';
import { SignInProvidersCard } from '../../features/settings/components/sign-in-providers-card';
import { TwoStepCard } from '../../features/settings/components/two-step-card';
import { SETTINGS_TEXT } from '../../features/settings/settings-copy';
export function SettingsScreen() {
  const { user } = useCurrentUser();
  const deletionScheduledFor = useScheduledDeletion();
  if (deletionScheduledFor) {
    return (
      <main className="mx-auto max-w-2xl px-4 py-8">
        <Seo title={SETTINGS_TEXT.title} />
        <AccountDeletionScheduled scheduledFor={deletionScheduledFor} />
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <Seo title={SETTINGS_TEXT.title} />
      <AuthRequired description={SETTINGS_TEXT.authDescription}>
        <h1 className="text-2xl font-bold">{SETTINGS_TEXT.title}</h1>
        <p className="mt-1 mb-6 text-sm text-muted-foreground">{SETTINGS_TEXT.subtitle}</p>
        <div className="mb-6">
          <LanguageSetting />
        </div>
        <SettingsForm />
        {user ? (
          <div className="mt-6">
            <PushDevices />
          </div>
        ) : null}
        {user && user.role !== 'guest' ? (
          <div className="mt-6">
            <PasskeysCard />
          </div>
        ) : null}
        {/* The card leaves itself out when no provider is configured or linked, its margin with it. */}
        {user && user.role !== 'guest' ? <SignInProvidersCard className="mt-6" /> : null}
        {user && user.role !== 'guest' ? (
          <div className="mt-6">
            <TwoStepCard account={proofAccountOf(user)} />
          </div>
        ) : null}
        {user && user.role !== 'guest' ? (
          <div className="mt-6">
            <SessionsCard />
          </div>
        ) : null}
        {user && user.role !== 'guest' ? (
          <div className="mt-6">
            <DataExportCard />
          </div>
        ) : null}
        {user && user.role !== 'guest' ? (
          <div className="mt-6">
            <AccountDeletionCard username={user.username} twoStepEnabled={!!user.twoStepEnabled} account={proofAccountOf(user)} />
          </div>
        ) : null}
        {user && user.role !== 'guest' ? (
          <div className="mt-6">
            <BlockList />
          </div>
        ) : null}
      </AuthRequired>
    </main>
  );
}
