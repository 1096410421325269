import type { UserSettings } from '@app/contracts';

export const SETTINGS_TEXT = {
  title: 'Settings',
  subtitle: 'Your preferences are saved to your account and follow you on every device.',
  authDescription: 'Please sign in to change your settings.',
  loadFailed: 'Your settings could not be loaded. Please try again later.',
  saveFailed: 'Failed to save settings.',
  saved: 'Settings saved',
  theme: 'Theme',
  themes: { light: 'Light', dark: 'Dark', system: 'System' },
} as const;

type Section = keyof UserSettings;

/** Labels of every boolean preference of the spec, by section. */
export const SETTINGS_SECTIONS: {
  key: Section;
  title: string;
  items: { key: string; label: string; description: string }[];
}[] = [
  {
    key: 'notifications',
    title: 'Notifications',
    items: [
      { key: 'email', label: 'Email notifications', description: 'Get important updates by email.' },
      { key: 'push', label: 'Push notifications', description: 'Show browser notifications for new messages.' },
      { key: 'messageSound', label: 'Message sound', description: 'Play a sound when a message arrives.' },
      { key: 'mentions', label: 'Mentions', description: 'Notify me when someone mentions me.' },
    ],
  },
  {
    key: 'privacy',
    title: 'Privacy',
    items: [
      { key: 'showOnlineStatus', label: 'Show online status', description: 'Let others see when you are online.' },
      { key: 'showLastSeen', label: 'Show last seen', description: 'Let others see when you were last active.' },
      { key: 'allowDirectMessages', label: 'Allow direct messages', description: 'Let people start private chats with you.' },
    ],
  },
  {
    key: 'chat',
    title: 'Chat',
    items: [
      { key: 'messagePreview', label: 'Message preview', description: 'Show message text in notifications and lists.' },
      { key: 'linkPreviews', label: 'Show link previews', description: 'Show the title and picture of pages that links in messages lead to.' },
      { key: 'enterToSend', label: 'Enter to send', description: 'Press Enter to send; Shift+Enter for a new line.' },
    ],
  },
];

/** The do-not-disturb hours of the notifications section. */
export const DND_TEXT = {
  title: 'Do not disturb',
  description: 'Hold push notifications during these hours. They still wait for you in your notifications.',
  from: 'From',
  to: 'To',
  allowCalls: 'Let calls ring through',
  allowCallsDescription: 'Incoming calls still notify you during quiet hours.',
  timeZone: (zone: string) => `Times are in your time zone (${zone}).`,
  sameTimes: 'Choose a start and an end that differ.',
  save: 'Save quiet hours',
  saving: 'Saving...',
} as const;
