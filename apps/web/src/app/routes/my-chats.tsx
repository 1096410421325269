import { MyChats } from '@/features/chat/components/private-chats';
import { MY_CHATS_TEXT } from '@/features/chat/chat-copy';
import { AuthRequired } from '@/features/auth/components/auth-required';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { ScreenHeading } from './screen-heading';

export function MyChatsScreen() {
  const { user } = useCurrentUser();
  const subtitle = user?.role === 'seller' ? MY_CHATS_TEXT.seller.subtitle : MY_CHATS_TEXT.subtitle;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <AuthRequired description={MY_CHATS_TEXT.authDescription}>
        <ScreenHeading title={MY_CHATS_TEXT.title} description={subtitle} />
        <MyChats asSeller={user?.role === 'seller'} />
      </AuthRequired>
    </main>
  );
}
