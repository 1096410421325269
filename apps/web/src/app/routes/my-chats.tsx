import { AuthRequired } from '../../features/auth/components/auth-required';
import { ScreenHeading } from './screen-heading';

export function MyChatsScreen() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <AuthRequired description="Please sign in to see your conversations with experts.">
        <ScreenHeading title="My Chats" description="Your conversations with experts." />
      </AuthRequired>
    </main>
  );
}
