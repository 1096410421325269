import pushEnglish from '@/i18n/catalogues/en/push.json';
import { addEnglish, t } from '@/i18n/i18n';
import { spoken } from '@/i18n/spoken';

// Push notifications' words speak through their catalogues (src/i18n/catalogues/*/push.json); the English comes
// with the code that shows it.
addEnglish(pushEnglish);

/** Every word of push notifications on this device and the person's devices list. */
export const PUSH_TEXT = spoken({
  title: 'push.title',
  description: 'push.description',
  enable: 'push.enable',
  enabling: 'push.enabling',
  thisDeviceOn: 'push.thisDeviceOn',
  thisDeviceOff: 'push.thisDeviceOff',
  turnOff: 'push.turnOff',
  checking: 'push.checking',
  unsupported: 'push.unsupported',
  denied:
    'push.denied',
  dismissed: 'push.dismissed',
  failed: 'push.failed',
  notReady: 'push.notReady',
  listTitle: 'push.listTitle',
  loading: 'push.loading',
  loadFailed: 'push.loadFailed',
  retry: 'push.retry',
  empty: 'push.empty',
  thisDevice: 'push.thisDevice',
  lastUsed: (when: string) => t('push.lastUsed', { when }),
  remove: 'push.remove',
  removeLabel: (browser: string) => t('push.removeLabel', { browser }),
  removed: 'push.removed',
  removeFailed: 'push.removeFailed',
  enabled: 'push.enabled',
});
