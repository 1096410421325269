import { AuthRequired } from '@/features/auth/components/auth-required';
import { IntegrationStatus } from '@/features/media/components/integration-status';
import { MediaTestPanel } from '@/features/media/components/media-test-panel';
import { MEDIA_TEXT } from '@/features/media/media-copy';
import { ScreenHeading } from './screen-heading';

export function MediaTestScreen() {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <AuthRequired description={MEDIA_TEXT.signInRequired}>
        <ScreenHeading title={MEDIA_TEXT.title} description={MEDIA_TEXT.description} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <MediaTestPanel />
          <IntegrationStatus className="self-start" />
        </div>
      </AuthRequired>
    </main>
  );
}
