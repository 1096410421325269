import { Link } from 'react-router-dom';
import { Seo } from '../../components/seo';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { AuthRequired } from '../../features/auth/components/auth-required';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { useGetOwnSellerProfileQuery } from '../../features/marketplace/api/marketplace-api';
import { SellerProfileEditor } from '../../features/marketplace/components/seller-profile-editor';
import { EDITOR_TEXT } from '../../features/marketplace/copy';

function OwnSellerProfile() {
  const { data, isLoading, isError, refetch } = useGetOwnSellerProfileQuery();
  if (isLoading) return <p className="py-16 text-center text-muted-foreground" role="status">{EDITOR_TEXT.loading}</p>;
  if (isError || !data) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center" role="alert">
        <p className="text-sm text-muted-foreground">{EDITOR_TEXT.loadFailed}</p>
        <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
          {EDITOR_TEXT.retry}
        </Button>
      </Card>
    );
  }
  return <SellerProfileEditor profile={data} />;
}

export function SellerProfileScreen() {
  const { user } = useCurrentUser();
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <Seo title={EDITOR_TEXT.title} description={EDITOR_TEXT.subtitle} />
      <AuthRequired description={EDITOR_TEXT.signInHint}>
        {user?.role === 'seller' ? (
          <OwnSellerProfile />
        ) : (
          <Card className="mx-auto max-w-md p-8 text-center">
            <h1 className="text-2xl font-bold">{EDITOR_TEXT.accessDenied}</h1>
            <p className="mt-2 text-muted-foreground">{EDITOR_TEXT.accessDeniedHint}</p>
            <Button asChild className="mt-6">
              <Link to="/seller-registration">{EDITOR_TEXT.becomeSeller}</Link>
            </Button>
          </Card>
        )}
      </AuthRequired>
    </main>
  );
}
