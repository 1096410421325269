import { exportLanguage, readme } from './export-words';

describe("the zip's README", () => {
  it('reads in English as it always did', () => {
    expect(readme('en')).toBe(`Your data

account.json               your profile and settings
chat/rooms.json            the rooms and private chats you are in
chat/messages.json         every message you wrote, with its room
chat/reports.json          the reports you made
chat/notifications.json    your notifications
marketplace/seller.json    your seller profile, if you have one
marketplace/reviews.json   the reviews you wrote, and those about you as a seller
marketplace/calls.json     the calls you made or took, with their amounts (in cents)
media/uploads.json         what you uploaded: each file's address, kind and size
media/files/               the files themselves
`);
  });

  it("speaks the account's stored language, each file named as it is in the zip", () => {
    const hindi = readme(exportLanguage({ language: 'hi' }));
    expect(hindi.split('\n')[0]).toBe('आपका डेटा');
    expect(hindi).toContain('chat/messages.json         आपका लिखा हर संदेश, उसके रूम के साथ');
    expect(hindi).toContain('media/files/               वे फ़ाइलें ख़ुद');
    expect(hindi).not.toMatch(/Your data|every message/);
    // An account from before languages were kept, or an unknown one, reads English.
    expect(exportLanguage({})).toBe('en');
    expect(exportLanguage({ language: 'xx' })).toBe('en');
  });
});
