import { Seo } from '@/components/seo';
import { AuthRequired } from '@/features/auth/components/auth-required';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { ApplicationSummary } from '@/features/marketplace/components/application-summary';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { PROFILE_TEXT } from '@/features/profile/profile-copy';

export function ProfileScreen() {
  const { user } = useCurrentUser();
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <Seo title={PROFILE_TEXT.title} />
      <AuthRequired description={PROFILE_TEXT.authDescription}>
        <h1 className="mb-6 text-2xl font-bold">{PROFILE_TEXT.title}</h1>
        {user ? (
          <>
            <ProfileCard user={user} />
            <ApplicationSummary />
          </>
        ) : null}
      </AuthRequired>
    </main>
  );
}
