import { ScreenHeading } from './screen-heading';

export function PublicRoomsScreen() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <ScreenHeading title="Public Rooms" description="Free rooms by topic, each with up to 100 users." />
    </main>
  );
}
