import { AuthRequired } from '../../features/auth/components/auth-required';
import { ScreenHeading } from './screen-heading';

export function PrivateChatsScreen() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <AuthRequired description="Please sign in to see your private chats.">
        <ScreenHeading title="Private Chats" description="Your one-to-one conversations." />
      </AuthRequired>
    </main>
  );
}
