import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/contracts';

/** The files of the zip a person reads about in its README, in the order it lists them. */
const ENTRIES = [
  'account.json',
  'chat/rooms.json',
  'chat/messages.json',
  'chat/reports.json',
  'chat/notifications.json',
  'marketplace/seller.json',
  'marketplace/reviews.json',
  'marketplace/calls.json',
  'media/uploads.json',
  'media/files/',
] as const;

type Entry = (typeof ENTRIES)[number];

/** What the zip says of itself to its person (README.txt), in one language. */
interface ExportWords {
  title: string;
  entries: Record<Entry, string>;
  /** Said after the list: what stays as it is whatever the language. */
  note?: string;
}

const en: ExportWords = {
  title: 'Your data',
  entries: {
    'account.json': 'your profile and settings',
    'chat/rooms.json': 'the rooms and private chats you are in',
    'chat/messages.json': 'every message you wrote, with its room',
    'chat/reports.json': 'the reports you made',
    'chat/notifications.json': 'your notifications',
    'marketplace/seller.json': 'your seller profile, if you have one',
    'marketplace/reviews.json': 'the reviews you wrote, and those about you as a seller',
    'marketplace/calls.json': 'the calls you made or took, with their amounts (in cents)',
    'media/uploads.json': "what you uploaded: each file's address, kind and size",
    'media/files/': 'the files themselves',
  },
};

const hi: ExportWords = {
  title: 'आपका डेटा',
  entries: {
    'account.json': 'आपकी प्रोफ़ाइल और सेटिंग्स',
    'chat/rooms.json': 'वे रूम और निजी चैट जिनमें आप हैं',
    'chat/messages.json': 'आपका लिखा हर संदेश, उसके रूम के साथ',
    'chat/reports.json': 'आपकी भेजी हुई रिपोर्टें',
    'chat/notifications.json': 'आपकी सूचनाएँ',
    'marketplace/seller.json': 'आपकी विशेषज्ञ प्रोफ़ाइल, अगर आपकी है',
    'marketplace/reviews.json': 'आपके लिखे रिव्यू, और विशेषज्ञ के रूप में आपके बारे में लिखे गए रिव्यू',
    'marketplace/calls.json': 'आपकी की हुई या उठाई हुई कॉल, उनकी रकम के साथ (सेंट में)',
    'media/uploads.json': 'आपने जो अपलोड किया: हर फ़ाइल का पता, प्रकार और साइज़',
    'media/files/': 'वे फ़ाइलें ख़ुद',
  },
  note: 'फ़ाइलों के अंदर जानकारी के नाम अंग्रेज़ी में रहते हैं, ताकि दूसरे प्रोग्राम भी उन्हें पढ़ सकें।',
};

const WORDS: Record<Language, ExportWords> = { en, hi };

/** The language a person's zip speaks: their account's, as stored. */
export function exportLanguage(account: Record<string, unknown>): Language {
  return isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE;
}

/** README.txt: what each file of the zip holds, in the person's language. */
export function readme(language: Language): string {
  const words = WORDS[language];
  const width = Math.max(...ENTRIES.map((entry) => entry.length)) + 3;
  const lines = ENTRIES.map((entry) => `${entry.padEnd(width)}${words.entries[entry]}`);
  return `${words.title}\n\n${lines.join('\n')}\n${words.note ? `\n${words.note}\n` : ''}`;
}
