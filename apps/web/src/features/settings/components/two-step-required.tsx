import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useText } from '../../../i18n/use-text';

/** In place of the moderation desk while the moderator has no two-step sign-in (the server refuses the desk too). */
export function TwoStepRequired() {
  const t = useText();
  return (
    <Card className="mx-auto max-w-md p-8 text-center" role="region" aria-labelledby="two-step-required-title">
      <h1 id="two-step-required-title" className="text-xl font-semibold">
        {t('settings.twoStep.deskTitle')}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('settings.twoStep.deskBody')}</p>
      <Button className="mt-4" asChild>
        <Link to="/settings">{t('settings.twoStep.goToSettings')}</Link>
      </Button>
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
