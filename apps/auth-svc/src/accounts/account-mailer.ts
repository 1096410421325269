import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { END_SESSION_LINK_TTL_SECONDS, type NotificationDigestDueEvent, type SignInMethod } from '@app/contracts';
import { Mailer } from '@app/server';
import { AuthEnv } from '../config/auth-env';

/** An account, written to at its address. */
export interface MailRecipient {
  id: number;
  username: string;
  email: string;
}

/** A sign-in from a browser the account had not used, and the token of the link that ends it. */
export interface NewDeviceSignIn {
  at: Date;
  /** "Chrome on Windows" */
  device: string;
  /** "India", or "an unknown place" */
  place: string;
  ip: string;
  signedInWith: SignInMethod;
  token: string;
}

const SIGN_IN_WAYS: Record<SignInMethod, string> = {
  password: 'password',
  'password-and-code': 'password and two-step code',
  passkey: 'passkey',
  guest: 'guest entry',
};

export interface SignUpAttempt {
  /** The client address the sign-up came from. */
  ip: string;
  at: Date;
}

/**
 * Mail about an account, to the address that owns it. Sign-up never tells the caller whether an
 * address already has an account; the owner of the address hears it here instead.
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
    return this.mailer.send({
      to: to.email,
      subject: 'Confirm your email address',
      text: [
        `Hi ${to.username},`,
        '',
        `Please confirm that ${to.email} is your address by opening this link within 24 hours:`,
        `${this.origin}/verify-email?token=${token}`,
        '',
        'If you did not sign up, you can ignore this mail.',
      ].join('\n'),
    });
  }

  passwordReset(to: MailRecipient, token: string): Promise<void> {
    return this.mailer.send({
      to: to.email,
      subject: 'Reset your password',
      text: [
        `Hi ${to.username},`,
        '',
        'Someone asked to reset the password of your account. To choose a new one, open this link within 1 hour:',
        `${this.origin}/reset-password?token=${token}`,
        '',
        'The link works once. If you did not ask, you can ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  }

  passwordChanged(to: MailRecipient): Promise<void> {
    return this.mailer.send({
      to: to.email,
      subject: 'Your password was changed',
      text: [
        `Hi ${to.username},`,
        '',
        'The password of your account was just changed, and every device was signed out.',
        `If this was not you, reset it at once: ${this.origin}/auth`,
      ].join('\n'),
    });
  }

  /** Someone signed up with this account's address ("was it you? sign in or reset your password"). */
  signUpWithTakenAddress(owner: MailRecipient, attempt: SignUpAttempt): Promise<void> {
    return this.mailer.send({
      to: owner.email,
      subject: 'Someone tried to sign up with your email address',
      text: [
        `Hi ${owner.username},`,
        '',
        `At ${attempt.at.toISOString()} someone tried to create a new account with ${owner.email}, which already belongs to your account.`,
        `If it was you, sign in instead: ${this.origin}/auth`,
        `Forgot your password? Choose a new one from the sign-in page.`,
        '',
        'If it was not you, nothing has changed on your account.',
      ].join('\n'),
    });
  }

  /** A sign-up with the address of a banned account (in any spelling of it): no new account gets the address. */
  signUpWithBannedAddress(owner: MailRecipient, attempt: SignUpAttempt): Promise<void> {
    return this.mailer.send({
      to: owner.email,
      subject: 'Your account is banned',
      text: [
        `Hi ${owner.username},`,
        '',
        `At ${attempt.at.toISOString()} someone tried to create a new account with ${owner.email}.`,
        'This address belongs to an account that has been banned for breaking the community guidelines, so it cannot be used for a new account.',
        `If you think the ban is a mistake, you can appeal through support: ${this.origin}/community-guidelines`,
        '',
        'If it was not you, you can ignore this mail.',
      ].join('\n'),
    });
  }

  /** Someone signed in from a browser this account had not used: was it you? If not, end that session with one click. */
  newDeviceSignIn(to: MailRecipient, signIn: NewDeviceSignIn): Promise<void> {
    return this.mailer.send({
      to: to.email,
      subject: 'New sign-in to your account',
      text: [
        `Hi ${to.username},`,
        '',
        'Your account was just signed in to from a device it had not used before:',
        '',
        `When: ${signIn.at.toUTCString()}`,
        `Device: ${signIn.device}`,
        `Place: ${signIn.place} (address ${signIn.ip})`,
        `Signed in with: ${SIGN_IN_WAYS[signIn.signedInWith]}`,
        '',
        'If this was you, there is nothing to do.',
        '',
        `If it was not you, sign that device out now with this link (it works once, for ${END_SESSION_LINK_TTL_SECONDS / 86_400} days, without signing in):`,
        `${this.origin}/end-session?token=${signIn.token}`,
        `Then change your password, and see every device signed in to your account in Settings: ${this.origin}/settings`,
      ].join('\n'),
    });
  }

  /** The unread notifications of the last while, at most one such mail an hour (chat-svc decides when). */
  notificationDigest(to: MailRecipient, digest: NotificationDigestDueEvent): Promise<void> {
    const more = digest.count - digest.notifications.length;
    return this.mailer.send({
      to: to.email,
      subject: digest.count === 1 ? 'You have 1 unread notification' : `You have ${digest.count} unread notifications`,
      text: [
        `Hi ${to.username},`,
        '',
        'While you were away:',
        '',
        ...digest.notifications.map((n) => `- ${n.title}: ${n.content}\n  ${this.origin}${n.link}`),
        ...(more > 0 ? [`- and ${more} more`] : []),
        '',
        `See them all: ${this.origin}/notifications`,
        `You get this mail because e-mail notifications are on; turn them off in your settings: ${this.origin}/settings`,
      ].join('\n'),
    });
  }

  onApplicationShutdown() {
    this.mailer.close();
  }
}
