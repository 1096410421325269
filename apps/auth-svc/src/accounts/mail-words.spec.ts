import { LANGUAGES } from '@app/contracts';
import { MAIL_WORDS } from './mail-words';

const origin = 'https://chat.example';
const at = 'the moment';

/** Every mail of a language, written with the same facts. */
function everyMail(language: (typeof LANGUAGES)[number]) {
  const words = MAIL_WORDS[language];
  return {
    verifyEmail: words.verifyEmail({ origin, email: 'kim@example.com', token: 'verify-token' }),
    passwordReset: words.passwordReset({ origin, token: 'reset-token' }),
    passwordChanged: words.passwordChanged({ origin }),
    signUpWithTakenAddress: words.signUpWithTakenAddress({ origin, email: 'kim@example.com', at }),
    signUpWithBannedAddress: words.signUpWithBannedAddress({ origin, email: 'kim@example.com', at }),
    newDeviceSignIn: words.newDeviceSignIn({ origin, at, device: 'the device', place: 'the place', ip: '203.0.113.9', signedInWith: 'passkey', token: 'end-token', linkDays: 7 }),
    notificationDigest: words.notificationDigest({ origin, count: 3, items: ['- first', '- second'], more: 1 }),
    dataExportReady: words.dataExportReady({ origin, link: `${origin}/api/users/me/export/download?token=export-token`, until: at }),
  };
}

describe('the account mails in every language', () => {
  it.each(LANGUAGES)('%s carries every link, token and fact the English does', (language) => {
    const english = everyMail('en');
    const translated = everyMail(language);
    for (const [mail, text] of Object.entries(translated)) {
      const body = text.lines.join('\n');
      const links = (lines: string[]) => lines.join('\n').match(/https:\/\/\S+/g) ?? [];
      expect([mail, links(text.lines)]).toEqual([mail, links(english[mail as keyof typeof english].lines)]);
      for (const fact of ['kim@example.com', at, 'the device', 'the place', '203.0.113.9', '- first', '- second']) {
        if (english[mail as keyof typeof english].lines.join('\n').includes(fact)) expect([mail, body.includes(fact)]).toEqual([mail, true]);
      }
      expect(text.subject.length).toBeGreaterThan(0);
    }
  });

  it('writes counts with the language\'s plurals', () => {
    expect(MAIL_WORDS.en.notificationDigest({ origin, count: 1, items: [], more: 0 }).subject).toBe('You have 1 unread notification');
    expect(MAIL_WORDS.en.notificationDigest({ origin, count: 2, items: [], more: 0 }).subject).toBe('You have 2 unread notifications');
    expect(MAIL_WORDS.hi.notificationDigest({ origin, count: 1, items: [], more: 0 }).subject).toBe('आपकी 1 सूचना अभी पढ़ी नहीं गई है');
    expect(MAIL_WORDS.hi.notificationDigest({ origin, count: 2, items: [], more: 0 }).subject).toBe('आपकी 2 सूचनाएँ अभी पढ़ी नहीं गई हैं');
  });

  it('names a device in the language\'s order', () => {
    expect(MAIL_WORDS.en.device('Edge', 'macOS')).toBe('Edge on macOS');
    expect(MAIL_WORDS.hi.device('Edge', 'macOS')).toBe('macOS पर Edge');
    expect(MAIL_WORDS.en.device(null, null)).toBe('An unknown browser');
  });
});
