import normalizeEmail from 'validator/lib/normalizeEmail';

/**
 * The one mailbox behind the spellings of an address, so a ban holds whichever is typed:
 * lower case, and for the providers that ignore them (Gmail and Googlemail, Outlook, Yahoo,
 * iCloud) without the "+tag" part; Gmail without dots too. validator's normalizeEmail with its
 * defaults draws these lines; an address it cannot read is only trimmed and lower-cased.
 */
export function addressKey(email: string): string {
  const trimmed = email.trim();
  return normalizeEmail(trimmed) || trimmed.toLowerCase();
}
