import { useSyncExternalStore } from 'react';
import { OfflineNotice, UpdatePrompt } from '../components/app-status';
import { useText } from '../i18n/use-text';
import type { UpdateStore } from './update-store';

/** updates: null when the page has no registration to follow (only the network is watched). */
export type ServiceWorkerStatusProps = { updates: UpdateStore | null };

/** What the installed app tells the person beside any screen: a new version waits, or the network is away. */
export function ServiceWorkerStatus({ updates }: ServiceWorkerStatusProps) {
  const t = useText();
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-[60] flex flex-col gap-2 sm:right-4 sm:left-auto sm:w-[26rem]">
      <OfflineNotice message={t('layout.offline')} />
      {updates ? <WaitingVersion updates={updates} /> : null}
    </div>
  );
}

function WaitingVersion({ updates }: { updates: UpdateStore }) {
  const waiting = useSyncExternalStore(updates.subscribe, updates.getSnapshot, updates.getSnapshot);
  const t = useText();
  if (!waiting) return null;
  return (
    <UpdatePrompt
      title={t('layout.update.title')}
      description={t('layout.update.body')}
      reloadLabel={t('layout.update.reload')}
      dismissLabel={t('layout.update.later')}
      onReload={updates.apply}
      onDismiss={updates.dismiss}
    />
  );
}
