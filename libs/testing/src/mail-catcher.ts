import MailDev from 'maildev';
import { freePort } from './test-infra';
import { eventually } from './eventually';

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  to: Array<{ address: string }>;
}

export interface MailCatcher {
  smtpUrl: string;
  /** The web inbox, as a developer would open it. */
  webUrl: string;
  /** Every mail caught so far for this address. */
  mailsTo(address: string): Promise<CaughtMail[]>;
  /** Waits for a mail to this address whose subject matches. */
  waitForMail(address: string, subject: RegExp): Promise<CaughtMail>;
  stop(): Promise<void>;
}

/** The development mail catcher (MailDev) on free loopback ports: tests read the mail people would get. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const [smtp, web] = [await freePort(), await freePort()];
  const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', web_ip: '127.0.0.1', silent: true });
  await new Promise<void>((resolve, reject) => maildev.listen((error?: Error) => (error ? reject(error) : resolve())));
  const webUrl = `http://127.0.0.1:${web}`;
  const mailsTo = async (address: string): Promise<CaughtMail[]> => {
    const all = (await (await fetch(`${webUrl}/email`)).json()) as CaughtMail[];
    return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
  };
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    webUrl,
    mailsTo,
    waitForMail: (address, subject) =>
      eventually(async () => {
        const mail = (await mailsTo(address)).find((m) => subject.test(m.subject));
        if (!mail) throw new Error(`no mail to ${address} matching ${subject}`);
        return mail;
      }),
    stop: () => new Promise<void>((resolve) => maildev.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with this prefix. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in "${mail.subject}"`);
  return link;
}
