import { AuthRequired } from '../../features/auth/components/auth-required';
import { ScreenHeading } from './screen-heading';

export function SellerRegistrationScreen() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <AuthRequired description="Please sign in to apply as an expert.">
        <ScreenHeading title="Become a Seller" description="Apply in five steps; our team reviews applications within 24-48 hours." />
      </AuthRequired>
    </main>
  );
}
