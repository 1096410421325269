import { AuthRequired } from '../../features/auth/components/auth-required';
import { ScreenHeading } from './screen-heading';

export function MediaTestScreen() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <AuthRequired description="Please log in to test media features">
        <ScreenHeading title="Media Test" description="Try seller media and chat uploads." />
      </AuthRequired>
    </main>
  );
}
