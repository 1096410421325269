import { MyChats } from '../../features/chat/components/private-chats';
import { MY_CHATS_TEXT } from '../../features/chat/copy';
import { AuthRequired } from '../../features/auth/components/auth-required';
import { ScreenHeading } from './screen-heading';

export function MyChatsScreen() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <AuthRequired description={MY_CHATS_TEXT.authDescription}>
        <ScreenHeading title={MY_CHATS_TEXT.title} description={MY_CHATS_TEXT.subtitle} />
        <MyChats />
      </AuthRequired>
    </main>
  );
}
