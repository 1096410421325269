import { PublicRooms } from '@/features/chat/components/public-rooms';
import { useText } from '@/i18n/use-text';
import { ScreenHeading } from './screen-heading';
import authEnglish from '@/i18n/catalogues/en/auth.json';
import { addEnglish } from '@/i18n/i18n';

// The join prompt's guest entry asks the captcha (auth's words).
addEnglish(authEnglish);

export function PublicRoomsScreen() {
  const t = useText();
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <ScreenHeading title={t('rooms.title')} description={t('rooms.subtitle')} />
      <PublicRooms />
    </main>
  );
}
