import { Link } from 'wouter';
import { Seo } from '@/components/seo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AuthRequired } from '@/features/auth/components/auth-required';
import { useGetOwnSellerProfileQuery } from '@/features/marketplace/api/marketplace-api';
import { SellerProfileEditor } from '@/features/marketplace/components/seller-profile-editor';
import { EDITOR_TEXT } from '@/features/marketplace/marketplace-copy';

/** Whoever has applied manages the profile here, whatever their role while the application is reviewed. */
function OwnSellerProfile() {
  // A moderator may have decided since the last visit.
  const { data, isLoading, isError, refetch } = useGetOwnSellerProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <p className="py-16 text-center text-muted-foreground" role="status">{EDITOR_TEXT.loading}</p>;
  if (isError) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center" role="alert">
        <p className="text-sm text-muted-foreground">{EDITOR_TEXT.loadFailed}</p>
        <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
          {EDITOR_TEXT.retry}
        </Button>
      </Card>
    );
  }
  if (!data) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center">
        <h1 className="text-2xl font-bold">{EDITOR_TEXT.accessDenied}</h1>
        <p className="mt-2 text-muted-foreground">{EDITOR_TEXT.accessDeniedHint}</p>
        <Button asChild className="mt-6">
          <Link to="/seller-registration">{EDITOR_TEXT.becomeSeller}</Link>
        </Button>
      </Card>
    );
  }
  return <SellerProfileEditor profile={data} />;
}

export function SellerProfileScreen() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <Seo title={EDITOR_TEXT.title} description={EDITOR_TEXT.subtitle} />
      <AuthRequired description={EDITOR_TEXT.signInHint}>
        <OwnSellerProfile />
      </AuthRequired>
    </main>
  );
}
