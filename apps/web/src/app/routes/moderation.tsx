import { Seo } from '@/components/seo';
import { Card } from '@/components/ui/card';
import { AuthRequired } from '@/features/auth/components/auth-required';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { ModerationDesk } from '@/features/moderation/components/moderation-desk';
import { DESK_TEXT, MODERATION_TEXT } from '@/features/moderation/moderation-copy';
import { TwoStepRequired } from '@/features/settings/components/two-step-required';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';
import { addEnglish } from '@/i18n/i18n';
import { hasSecondFactor, needsSecondFactorForDesk } from '@app/contracts/browser';

addEnglish(settingsEnglish);

export function ModerationScreen() {
  const { user } = useCurrentUser();
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <Seo title={DESK_TEXT.heading} description={DESK_TEXT.subtitle} />
      <AuthRequired description={MODERATION_TEXT.signInHint}>
        {user && needsSecondFactorForDesk(user) ? (
          <TwoStepRequired hasSecondFactor={hasSecondFactor(user)} />
        ) : user?.role === 'moderator' ? (
          <>
            <h1 className="text-2xl font-bold sm:text-3xl">{DESK_TEXT.heading}</h1>
            <p className="mt-1 mb-6 text-muted-foreground">{DESK_TEXT.subtitle}</p>
            <ModerationDesk />
          </>
        ) : (
          <Card className="mx-auto max-w-md p-8 text-center">
            <h1 className="text-xl font-semibold">{MODERATION_TEXT.forbiddenTitle}</h1>
            <p className="mt-2 text-sm text-muted-foreground">{MODERATION_TEXT.forbidden}</p>
          </Card>
        )}
      </AuthRequired>
    </main>
  );
}
