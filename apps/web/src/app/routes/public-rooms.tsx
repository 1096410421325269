import { PublicRooms } from '../../features/chat/components/public-rooms';
import { ROOMS_TEXT } from '../../features/chat/copy';
import { ScreenHeading } from './screen-heading';

export function PublicRoomsScreen() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <ScreenHeading title={ROOMS_TEXT.title} description={ROOMS_TEXT.subtitle} />
      <PublicRooms />
    </main>
  );
}
