import { ArrowLeft } from 'lucide-react';
import { useParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChatRoom } from '@/features/chat/components/chat-room';
import { CHAT_TEXT } from '@/features/chat/chat-copy';
import { ScreenHeading } from './screen-heading';
import authEnglish from '@/i18n/catalogues/en/auth.json';
import { addEnglish } from '@/i18n/i18n';

// The join prompt's guest entry asks the captcha (auth's words).
addEnglish(authEnglish);

export function ChatRoomScreen() {
  const { roomId } = useParams();
  if (!roomId || !/^\d+$/.test(roomId) || Number(roomId) < 1) {
    return (
      <main className="flex min-h-screen items-center justify-center px-4">
        <Card className="w-full max-w-sm p-8 text-center">
          <ScreenHeading title={CHAT_TEXT.selectRoomTitle} description={CHAT_TEXT.selectRoomHint} />
          <Button onClick={() => window.history.back()}>
            <ArrowLeft className="h-4 w-4" /> {CHAT_TEXT.goBack}
          </Button>
        </Card>
      </main>
    );
  }
  // A new room is a new screen: its state never carries over from the previous one.
  return <ChatRoom key={roomId} roomId={Number(roomId)} />;
}
