import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { AuthRequired } from '../../features/auth/components/auth-required';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { ScreenHeading } from './screen-heading';

export function SellerProfileScreen() {
  const { user } = useCurrentUser();
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <AuthRequired description="Please sign in to manage your expert profile.">
        {user?.role === 'seller' ? (
          <ScreenHeading title="Seller Profile" description="Manage your public expert profile." />
        ) : (
          <Card className="mx-auto max-w-md p-8 text-center">
            <ScreenHeading title="Access Denied" description="Only experts can manage a seller profile." />
            <Button asChild>
              <Link to="/seller-registration">Become a Seller</Link>
            </Button>
          </Card>
        )}
      </AuthRequired>
    </main>
  );
}
