import type { Language, SignInMethod } from '@app/contracts';

/** A mail as it is written: its subject and the lines of its body. */
export interface MailText {
  subject: string;
  lines: string[];
}

/** What the words of a mail are made from besides the recipient: the site's links and the facts of the event. */
interface Links {
  origin: string;
}

/**
 * Every account mail in one language. Facts (dates, places, counts) arrive as values and are
 * written here through Intl in the language's locale, so a translation words them too.
 */
export interface MailWords {
  locale: string;
  greeting: (username: string) => string;
  verifyEmail: (p: Links & { email: string; token: string }) => MailText;
  passwordReset: (p: Links & { token: string }) => MailText;
  passwordChanged: (p: Links) => MailText;
  signUpWithTakenAddress: (p: Links & { email: string; at: string }) => MailText;
  signUpWithBannedAddress: (p: Links & { email: string; at: string }) => MailText;
  newDeviceSignIn: (p: Links & { at: string; device: string; place: string; ip: string; signedInWith: SignInMethod; token: string; linkDays: number }) => MailText;
  /** "Chrome on Windows"; null parts left out. */
  device: (browser: string | null, os: string | null) => string;
  unknownPlace: string;
  notificationDigest: (p: Links & { count: number; items: string[]; more: number }) => MailText;
  dataExportReady: (p: Links & { link: string; until: string }) => MailText;
}

const plural = (locale: string, count: number, one: string, other: string) => (new Intl.PluralRules(locale).select(count) === 'one' ? one : other);

const en: MailWords = {
  locale: 'en',
  greeting: (username) => `Hi ${username},`,
  verifyEmail: ({ origin, email, token }) => ({
    subject: 'Confirm your email address',
    lines: [
      `Please confirm that ${email} is your address by opening this link within 24 hours:`,
      `${origin}/verify-email?token=${token}`,
      '',
      'If you did not sign up, you can ignore this mail.',
    ],
  }),
  passwordReset: ({ origin, token }) => ({
    subject: 'Reset your password',
    lines: [
      'Someone asked to reset the password of your account. To choose a new one, open this link within 1 hour:',
      `${origin}/reset-password?token=${token}`,
      '',
      'The link works once. If you did not ask, you can ignore this mail: your password stays as it is.',
    ],
  }),
  passwordChanged: ({ origin }) => ({
    subject: 'Your password was changed',
    lines: ['The password of your account was just changed, and every device was signed out.', `If this was not you, reset it at once: ${origin}/auth`],
  }),
  signUpWithTakenAddress: ({ origin, email, at }) => ({
    subject: 'Someone tried to sign up with your email address',
    lines: [
      `At ${at} someone tried to create a new account with ${email}, which already belongs to your account.`,
      `If it was you, sign in instead: ${origin}/auth`,
      'Forgot your password? Choose a new one from the sign-in page.',
      '',
      'If it was not you, nothing has changed on your account.',
    ],
  }),
  signUpWithBannedAddress: ({ origin, email, at }) => ({
    subject: 'Your account is banned',
    lines: [
      `At ${at} someone tried to create a new account with ${email}.`,
      'This address belongs to an account that has been banned for breaking the community guidelines, so it cannot be used for a new account.',
      `If you think the ban is a mistake, you can appeal through support: ${origin}/community-guidelines`,
      '',
      'If it was not you, you can ignore this mail.',
    ],
  }),
  newDeviceSignIn: ({ origin, at, device, place, ip, signedInWith, token, linkDays }) => ({
    subject: 'New sign-in to your account',
    lines: [
      'Your account was just signed in to from a device it had not used before:',
      '',
      `When: ${at}`,
      `Device: ${device}`,
      `Place: ${place} (address ${ip})`,
      `Signed in with: ${{ password: 'password', 'password-and-code': 'password and two-step code', passkey: 'passkey', provider: 'sign-in provider', 'provider-and-code': 'sign-in provider and two-step code', guest: 'guest entry' }[signedInWith]}`,
      '',
      'If this was you, there is nothing to do.',
      '',
      `If it was not you, sign that device out now with this link (it works once, for ${linkDays} days, without signing in):`,
      `${origin}/end-session?token=${token}`,
      `Then change your password, and see every device signed in to your account in Settings: ${origin}/settings`,
    ],
  }),
  device: (browser, os) => (browser && os ? `${browser} on ${os}` : browser || os || 'An unknown browser'),
  unknownPlace: 'an unknown place',
  notificationDigest: ({ origin, count, items, more }) => ({
    subject: `You have ${count} unread ${plural('en', count, 'notification', 'notifications')}`,
    lines: [
      'While you were away:',
      '',
      ...items,
      ...(more > 0 ? [`- and ${more} more`] : []),
      '',
      `See them all: ${origin}/notifications`,
      `You get this mail because e-mail notifications are on; turn them off in your settings: ${origin}/settings`,
    ],
  }),
  dataExportReady: ({ origin, link, until }) => ({
    subject: 'Your data is ready to download',
    lines: [
      'The copy of your data you asked for is ready: your profile and settings, the messages you wrote, your chats, reports and notifications, your marketplace reviews and calls, and the files you uploaded.',
      '',
      `Download it (a zip file) until ${until}:`,
      link,
      '',
      'The link works only while you are signed in to this account. After that date the file is deleted.',
      `You can see it in Settings too: ${origin}/settings`,
    ],
  }),
};

const hi: MailWords = {
  locale: 'hi-IN',
  greeting: (username) => `नमस्ते ${username},`,
  verifyEmail: ({ origin, email, token }) => ({
    subject: 'अपना ईमेल पता पक्का करें',
    lines: [
      `पक्का करें कि ${email} आपका ही पता है: 24 घंटों के अंदर यह लिंक खोलें:`,
      `${origin}/verify-email?token=${token}`,
      '',
      'अगर आपने साइन अप नहीं किया, तो इस मेल को अनदेखा कर दें।',
    ],
  }),
  passwordReset: ({ origin, token }) => ({
    subject: 'अपना पासवर्ड रीसेट करें',
    lines: [
      'किसी ने आपके खाते का पासवर्ड रीसेट करने को कहा है। नया पासवर्ड चुनने के लिए 1 घंटे के अंदर यह लिंक खोलें:',
      `${origin}/reset-password?token=${token}`,
      '',
      'यह लिंक एक ही बार काम करता है। अगर आपने यह नहीं माँगा, तो इस मेल को अनदेखा कर दें: आपका पासवर्ड वैसा ही रहेगा।',
    ],
  }),
  passwordChanged: ({ origin }) => ({
    subject: 'आपका पासवर्ड बदल दिया गया',
    lines: ['आपके खाते का पासवर्ड अभी बदला गया है, और हर डिवाइस से साइन आउट कर दिया गया है।', `अगर यह आपने नहीं किया, तो तुरंत इसे रीसेट करें: ${origin}/auth`],
  }),
  signUpWithTakenAddress: ({ origin, email, at }) => ({
    subject: 'किसी ने आपके ईमेल पते से साइन अप करने की कोशिश की',
    lines: [
      `${at} पर किसी ने ${email} से नया खाता बनाने की कोशिश की, जबकि यह पता पहले से आपके खाते का है।`,
      `अगर यह आप थे, तो इसके बजाय साइन इन करें: ${origin}/auth`,
      'पासवर्ड भूल गए? साइन इन पेज से नया पासवर्ड चुनें।',
      '',
      'अगर यह आप नहीं थे, तो आपके खाते में कुछ नहीं बदला है।',
    ],
  }),
  signUpWithBannedAddress: ({ origin, email, at }) => ({
    subject: 'आपके खाते पर पाबंदी है',
    lines: [
      `${at} पर किसी ने ${email} से नया खाता बनाने की कोशिश की।`,
      'यह पता ऐसे खाते का है जिस पर कम्युनिटी के नियम तोड़ने की वजह से पाबंदी लगी है, इसलिए इससे नया खाता नहीं बन सकता।',
      `अगर आपको लगता है कि पाबंदी गलती से लगी है, तो सहायता के ज़रिए अपील करें: ${origin}/community-guidelines`,
      '',
      'अगर यह आप नहीं थे, तो इस मेल को अनदेखा कर दें।',
    ],
  }),
  newDeviceSignIn: ({ origin, at, device, place, ip, signedInWith, token, linkDays }) => ({
    subject: 'आपके खाते में नया साइन इन',
    lines: [
      'आपके खाते में अभी एक ऐसे डिवाइस से साइन इन हुआ है जिससे पहले कभी नहीं हुआ था:',
      '',
      `कब: ${at}`,
      `डिवाइस: ${device}`,
      `जगह: ${place} (पता ${ip})`,
      `साइन इन का तरीका: ${{ password: 'पासवर्ड', 'password-and-code': 'पासवर्ड और दो-चरणीय कोड', passkey: 'पासकी', provider: 'साइन इन प्रदाता', 'provider-and-code': 'साइन इन प्रदाता और दो-चरणीय कोड', guest: 'मेहमान के तौर पर' }[signedInWith]}`,
      '',
      'अगर यह आप थे, तो कुछ करने की ज़रूरत नहीं है।',
      '',
      `अगर यह आप नहीं थे, तो इस लिंक से उस डिवाइस को अभी साइन आउट करें (यह ${linkDays} दिन तक, एक बार, बिना साइन इन किए काम करता है):`,
      `${origin}/end-session?token=${token}`,
      `फिर अपना पासवर्ड बदलें, और सेटिंग्स में देखें कि आपका खाता किन-किन डिवाइस पर साइन इन है: ${origin}/settings`,
    ],
  }),
  device: (browser, os) => (browser && os ? `${os} पर ${browser}` : browser || os || 'अनजान ब्राउज़र'),
  unknownPlace: 'अनजान जगह',
  notificationDigest: ({ origin, count, items, more }) => ({
    subject: `आपकी ${count} ${plural('hi-IN', count, 'सूचना', 'सूचनाएँ')} अभी पढ़ी नहीं गई ${plural('hi-IN', count, 'है', 'हैं')}`,
    lines: [
      'जब आप दूर थे:',
      '',
      ...items,
      ...(more > 0 ? [`- और ${more} ${plural('hi-IN', more, 'सूचना', 'सूचनाएँ')}`] : []),
      '',
      `सब देखें: ${origin}/notifications`,
      `यह मेल आपको इसलिए मिला क्योंकि ईमेल सूचनाएँ चालू हैं; इन्हें सेटिंग्स में बंद करें: ${origin}/settings`,
    ],
  }),
  dataExportReady: ({ origin, link, until }) => ({
    subject: 'आपका डेटा डाउनलोड के लिए तैयार है',
    lines: [
      'आपने अपने डेटा की जो कॉपी माँगी थी, वह तैयार है: आपकी प्रोफ़ाइल और सेटिंग्स, आपके लिखे संदेश, आपकी चैट, रिपोर्ट और सूचनाएँ, मार्केटप्लेस के आपके रिव्यू और कॉल, और आपकी अपलोड की गई फ़ाइलें।',
      '',
      `इसे (एक zip फ़ाइल) ${until} तक डाउनलोड करें:`,
      link,
      '',
      'यह लिंक तभी काम करता है जब आप इसी खाते से साइन इन हों। उस तारीख के बाद फ़ाइल मिटा दी जाती है।',
      `आप इसे सेटिंग्स में भी देख सकते हैं: ${origin}/settings`,
    ],
  }),
};

/** The mails in every language the product speaks. */
export const MAIL_WORDS: Record<Language, MailWords> = { en, hi };
