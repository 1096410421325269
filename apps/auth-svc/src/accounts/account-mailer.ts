import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DEFAULT_LANGUAGE, END_SESSION_LINK_TTL_SECONDS, type DataExportReadyEvent, type Language, type NotificationDigestDueEvent, type SignInMethod } from '@app/contracts';
import { Mailer } from '@app/server';
import { AuthEnv } from '../config/auth-env';
import type { SessionDevice } from '../sessions/session.store';
import { MAIL_WORDS, type MailText, type MailWords } from './mail-words';

/** An account, written to at its address, in its language. */
export interface MailRecipient {
  id: number;
  username: string;
  email: string;
  language: Language;
}

/** A sign-in from a browser the account had not used, and the token of the link that ends it. */
export interface NewDeviceSignIn {
  at: Date;
  device: SessionDevice | undefined;
  countryCode: string | null | undefined;
  ip: string;
  signedInWith: SignInMethod;
  token: string;
}

export interface SignUpAttempt {
  /** The client address the sign-up came from. */
  ip: string;
  at: Date;
}

/**
 * Mail about an account, to the address that owns it, in the account's language (MAIL_WORDS).
 * Sign-up never tells the caller whether an address already has an account; the owner of the
 * address hears it here instead.
 */
@Injectable()
export class AccountMailer implements OnApplicationShutdown {
  private readonly mailer: Mailer;
  private readonly origin: string;

  constructor(env: AuthEnv) {
    this.mailer = new Mailer(env.SMTP_URL, env.MAIL_FROM);
    this.origin = env.PUBLIC_ORIGIN;
  }

  verifyEmail(to: MailRecipient, token: string): Promise<void> {
    return this.send(to, (words) => words.verifyEmail({ origin: this.origin, email: to.email, token }));
  }

  passwordReset(to: MailRecipient, token: string): Promise<void> {
    return this.send(to, (words) => words.passwordReset({ origin: this.origin, token }));
  }

  passwordChanged(to: MailRecipient): Promise<void> {
    return this.send(to, (words) => words.passwordChanged({ origin: this.origin }));
  }

  /** Someone signed up with this account's address ("was it you? sign in or reset your password"). */
  signUpWithTakenAddress(owner: MailRecipient, attempt: SignUpAttempt): Promise<void> {
    return this.send(owner, (words) => words.signUpWithTakenAddress({ origin: this.origin, email: owner.email, at: when(attempt.at, words) }));
  }

  /** A sign-up with the address of a banned account (in any spelling of it): no new account gets the address. */
  signUpWithBannedAddress(owner: MailRecipient, attempt: SignUpAttempt): Promise<void> {
    return this.send(owner, (words) => words.signUpWithBannedAddress({ origin: this.origin, email: owner.email, at: when(attempt.at, words) }));
  }

  /** Someone signed in from a browser this account had not used: was it you? If not, end that session with one click. */
  newDeviceSignIn(to: MailRecipient, signIn: NewDeviceSignIn): Promise<void> {
    return this.send(to, (words) =>
      words.newDeviceSignIn({
        origin: this.origin,
        at: when(signIn.at, words),
        device: words.device(signIn.device?.browser ?? null, signIn.device?.os ?? null),
        place: signIn.countryCode ? (new Intl.DisplayNames([words.locale], { type: 'region' }).of(signIn.countryCode) ?? signIn.countryCode) : words.unknownPlace,
        ip: signIn.ip,
        signedInWith: signIn.signedInWith,
        token: signIn.token,
        linkDays: END_SESSION_LINK_TTL_SECONDS / 86_400,
      }),
    );
  }

  /** The unread notifications of the last while, at most one such mail an hour (chat-svc decides when). */
  notificationDigest(to: MailRecipient, digest: NotificationDigestDueEvent): Promise<void> {
    return this.send(to, (words) =>
      words.notificationDigest({
        origin: this.origin,
        count: digest.count,
        items: digest.notifications.map((n) => `- ${n.title}: ${n.content}\n  ${this.origin}${n.link}`),
        more: digest.count - digest.notifications.length,
      }),
    );
  }

  /** The zip of their data is ready: the signed link (works only in their own signed-in browser) and when it stops working. */
  dataExportReady(to: MailRecipient, ready: DataExportReadyEvent): Promise<void> {
    return this.send(to, (words) => words.dataExportReady({ origin: this.origin, link: `${this.origin}${ready.downloadUrl}`, until: when(new Date(ready.expiresAt), words) }));
  }

  private send(to: MailRecipient, write: (words: MailWords) => MailText): Promise<void> {
    const words = MAIL_WORDS[to.language] ?? MAIL_WORDS[DEFAULT_LANGUAGE];
    const { subject, lines } = write(words);
    return this.mailer.send({ to: to.email, subject, text: [words.greeting(to.username), '', ...lines].join('\n') });
  }

  onApplicationShutdown() {
    this.mailer.close();
  }
}

/** A moment as the language writes it, in UTC (the mail cannot know the reader's zone). */
function when(at: Date, words: MailWords): string {
  return new Intl.DateTimeFormat(words.locale, { dateStyle: 'full', timeStyle: 'long', timeZone: 'UTC' }).format(at);
}
