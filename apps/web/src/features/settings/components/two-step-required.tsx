import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useText } from '@/i18n/use-text';

/**
 * In place of the moderation desk while this session was not opened with a second factor (the
 * server refuses the desk too): a moderator who has one is asked to sign in with it, one who has
 * none to set one up first.
 */
export function TwoStepRequired({ hasSecondFactor }: { hasSecondFactor: boolean }) {
  const t = useText();
  const logout = useLogout();
  const [, navigate] = useLocation();
  return (
    <Card className="mx-auto max-w-md p-8 text-center" role="region" aria-labelledby="two-step-required-title">
      <h1 id="two-step-required-title" className="text-xl font-semibold">
        {t(hasSecondFactor ? 'settings.twoStep.deskSignInTitle' : 'settings.twoStep.deskTitle')}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">{t(hasSecondFactor ? 'settings.twoStep.deskSignInBody' : 'settings.twoStep.deskBody')}</p>
      {hasSecondFactor ? (
        <Button className="mt-4" onClick={() => void logout().then(() => navigate('/auth'))}>
          {t('settings.twoStep.signInAgain')}
        </Button>
      ) : (
        <Button className="mt-4" asChild>
          <Link to="/settings">{t('settings.twoStep.goToSettings')}</Link>
        </Button>
      )}
    </Card>
  );
}

/** A short offer of two-step sign-in, for sellers at verification. */
export function TwoStepOffer() {
  const t = useText();
  return (
    <p className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="two-step-offer">
      {t('settings.twoStep.sellerOffer')}{' '}
      <Link to="/settings" className="font-medium text-primary underline underline-offset-2">
        {t('settings.twoStep.goToSettings')}
      </Link>
    </p>
  );
}
