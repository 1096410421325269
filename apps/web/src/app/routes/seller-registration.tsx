import { Link } from 'react-router-dom';
import { Seo } from '../../components/seo';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { AuthRequired } from '../../features/auth/components/auth-required';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { RegistrationWizard } from '../../features/marketplace/components/registration-wizard';
import { REGISTRATION_NOTICES, WIZARD_TEXT } from '../../features/marketplace/copy';

export function SellerRegistrationScreen() {
  const { user } = useCurrentUser();
  const notice = user ? REGISTRATION_NOTICES[user.role] : undefined;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <Seo title={WIZARD_TEXT.title} description={WIZARD_TEXT.subtitle} />
      <AuthRequired description={WIZARD_TEXT.signInHint}>
        {notice ? (
          <Card className="mx-auto max-w-md p-8 text-center">
            <h1 className="text-xl font-semibold">{notice.title}</h1>
            <p className="mt-2 text-sm text-muted-foreground">{notice.description}</p>
            {notice.action ? (
              <Button asChild className="mt-6">
                <Link to={notice.action.to}>{notice.action.label}</Link>
              </Button>
            ) : null}
          </Card>
        ) : (
          <RegistrationWizard />
        )}
      </AuthRequired>
    </main>
  );
}
