import { stackInfo } from './stack-info';

export interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/**
 * The newest mail to `address` whose subject matches, from the stack's mail catcher. Mail is
 * sent after the request that causes it is answered, so this asks again until it arrives.
 */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${stackInfo().mailUrl}/email`);
    const mails = (await response.json()) as CaughtMail[];
    const found = mails.filter((m) => subject.test(m.subject) && m.to.some((t) => t.address.toLowerCase() === address.toLowerCase())).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail "${subject.source}" to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path and query of the first link in a mail that leads to `path` on the site. */
export function linkIn(mail: CaughtMail, path: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${path}\\?token=[\\w-]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in mail "${mail.subject}"`);
  return match[1];
}
