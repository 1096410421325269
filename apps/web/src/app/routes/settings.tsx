import { Seo } from '@/components/seo';
import { AuthRequired } from '@/features/auth/components/auth-required';
import { BlockList } from '@/features/safety/components/block-list';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { PushDevices } from '@/features/push/components/push-devices';
import { AccountDeletionCard, AccountDeletionScheduled, useScheduledDeletion } from '@/features/settings/components/account-deletion-card';
import { DataExportCard } from '@/features/settings/components/data-export-card';
import { proofAccountOf } from '@/features/settings/components/identity-proof';
import { LanguageSetting } from '@/features/settings/components/language-setting';
import { SettingsForm } from '@/features/settings/components/settings-form';
import { PasskeysCard } from '@/features/settings/components/passkeys-card';
import { SessionsCard } from '@/features/settings/components/sessions-card';
import { SignInProvidersCard } from '@/features/settings/components/sign-in-providers-card';
import { TwoStepCard } from '@/features/settings/components/two-step-card';
import { SETTINGS_TEXT } from '@/features/settings/settings-copy';
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
          // A card that leaves itself out (no sign-in provider configured or linked) takes no space.
          <div className="mt-6 space-y-6">
            <PushDevices />
            {user.role !== 'guest' ? (
              <>
                <PasskeysCard />
                <SignInProvidersCard />
                <TwoStepCard account={proofAccountOf(user)} />
                <SessionsCard />
                <DataExportCard />
                <AccountDeletionCard username={user.username} twoStepEnabled={!!user.twoStepEnabled} account={proofAccountOf(user)} />
                <BlockList />
              </>
            ) : null}
          </div>
        ) : null}
      </AuthRequired>
    </main>
  );
}
