import type { UserSettings } from '@app/contracts';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';
import { addEnglish, t, type MessageId } from '@/i18n/i18n';
import { spoken } from '@/i18n/spoken';

// Settings' words speak through their catalogues (src/i18n/catalogues/*/settings.json); the English comes
// with the code that shows it.
addEnglish(settingsEnglish);

export const SETTINGS_TEXT = spoken({
  title: 'settings.title',
  subtitle: 'settings.subtitle',
  authDescription: 'settings.authDescription',
  loading: 'settings.loading',
  loadFailed: 'settings.loadFailed',
  saveFailed: 'settings.saveFailed',
  saved: 'settings.saved',
  theme: 'settings.theme',
  themes: { light: 'settings.theme.light', dark: 'settings.theme.dark', system: 'settings.theme.system' },
});

type Section = keyof UserSettings;

/** Every boolean preference of the spec, by section, each named by its catalogue's messages (read with t). */
export const SETTINGS_SECTIONS: {
  key: Section;
  title: MessageId;
  items: { key: string; label: MessageId; description: MessageId }[];
}[] = [
  {
    key: 'notifications',
    title: 'settings.notifications.title',
    items: [
      { key: 'email', label: 'settings.notifications.email', description: 'settings.notifications.emailHint' },
      { key: 'push', label: 'settings.notifications.push', description: 'settings.notifications.pushHint' },
      { key: 'messageSound', label: 'settings.notifications.messageSound', description: 'settings.notifications.messageSoundHint' },
      { key: 'mentions', label: 'settings.notifications.mentions', description: 'settings.notifications.mentionsHint' },
    ],
  },
  {
    key: 'privacy',
    title: 'settings.privacy.title',
    items: [
      { key: 'showOnlineStatus', label: 'settings.privacy.showOnlineStatus', description: 'settings.privacy.showOnlineStatusHint' },
      { key: 'showLastSeen', label: 'settings.privacy.showLastSeen', description: 'settings.privacy.showLastSeenHint' },
      { key: 'allowDirectMessages', label: 'settings.privacy.allowDirectMessages', description: 'settings.privacy.allowDirectMessagesHint' },
    ],
  },
  {
    key: 'chat',
    title: 'settings.chat.title',
    items: [
      { key: 'messagePreview', label: 'settings.chat.messagePreview', description: 'settings.chat.messagePreviewHint' },
      { key: 'linkPreviews', label: 'settings.chat.linkPreviews', description: 'settings.chat.linkPreviewsHint' },
      { key: 'enterToSend', label: 'settings.chat.enterToSend', description: 'settings.chat.enterToSendHint' },
    ],
  },
];

/** The do-not-disturb hours of the notifications section. */
export const DND_TEXT = spoken({
  title: 'settings.dnd.title',
  description: 'settings.dnd.description',
  from: 'settings.dnd.from',
  to: 'settings.dnd.to',
  allowCalls: 'settings.dnd.allowCalls',
  allowCallsDescription: 'settings.dnd.allowCallsHint',
  timeZone: (zone: string) => t('settings.dnd.timeZone', { zone }),
  sameTimes: 'settings.dnd.sameTimes',
  save: 'settings.dnd.save',
  saving: 'settings.dnd.saving',
});
