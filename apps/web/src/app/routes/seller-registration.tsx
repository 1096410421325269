import { Link } from 'wouter';
import { Seo } from '@/components/seo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AuthRequired } from '@/features/auth/components/auth-required';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useGetOwnSellerProfileQuery } from '@/features/marketplace/api/marketplace-api';
import { RegistrationWizard } from '@/features/marketplace/components/registration-wizard';
import { APPLIED_NOTICE, REGISTRATION_NOTICES, WIZARD_TEXT } from '@/features/marketplace/marketplace-copy';
import { TwoStepOffer } from '@/features/settings/components/two-step-required';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';
import { addEnglish } from '@/i18n/i18n';

addEnglish(settingsEnglish);

/** The wizard for someone who may apply and has not; everyone else is told where to go instead. */
function Registration() {
  const { user } = useCurrentUser();
  const roleNotice = user ? REGISTRATION_NOTICES[user.role] : undefined;
  const { data: application, isLoading } = useGetOwnSellerProfileQuery(undefined, { skip: !user || Boolean(roleNotice) });
  if (isLoading) return <p className="py-16 text-center text-muted-foreground" role="status">{WIZARD_TEXT.loading}</p>;
  const notice = roleNotice ?? (application ? APPLIED_NOTICE : undefined);
  if (!notice) return <RegistrationWizard />;
  // A seller earns money here: at verification they are offered two-step sign-in.
  const offerTwoStep = !!user && !user.twoStepEnabled && (user.role === 'seller' || Boolean(application));
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-semibold">{notice.title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{notice.description}</p>
      {offerTwoStep ? (
        <div className="mt-4 text-left">
          <TwoStepOffer />
        </div>
      ) : null}
      {notice.action ? (
        <Button asChild className="mt-6">
          <Link to={notice.action.to}>{notice.action.label}</Link>
        </Button>
      ) : null}
    </Card>
  );
}

export function SellerRegistrationScreen() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <Seo title={WIZARD_TEXT.title} description={WIZARD_TEXT.subtitle} />
      <AuthRequired description={WIZARD_TEXT.signInHint}>
        <Registration />
      </AuthRequired>
    </main>
  );
}
