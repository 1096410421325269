import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ScreenHeading } from './screen-heading';

export function ChatRoomScreen() {
  const { roomId } = useParams();
  const navigate = useNavigate();
  if (!roomId || !/^\d+$/.test(roomId)) {
    return (
      <main className="flex min-h-screen items-center justify-center px-4">
        <Card className="w-full max-w-sm p-8 text-center">
          <ScreenHeading title="Select a Chat Room" description="Pick a room to start chatting." />
          <Button onClick={() => navigate(-1)}>
            <ArrowLeft className="h-4 w-4" /> Go Back
          </Button>
        </Card>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <ScreenHeading title={`Chat Room #${roomId}`} />
    </main>
  );
}
