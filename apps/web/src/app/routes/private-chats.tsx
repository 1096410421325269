import { PrivateChats } from '@/features/chat/components/private-chats';
import { PRIVATE_CHATS_TEXT } from '@/features/chat/chat-copy';
import { AuthRequired } from '@/features/auth/components/auth-required';
import { ScreenHeading } from './screen-heading';

export function PrivateChatsScreen() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <AuthRequired description={PRIVATE_CHATS_TEXT.authDescription}>
        <ScreenHeading title={PRIVATE_CHATS_TEXT.title} description={PRIVATE_CHATS_TEXT.subtitle} />
        <PrivateChats />
      </AuthRequired>
    </main>
  );
}
