import { Injectable, Logger } from '@nestjs/common';

/** An existing account, written to at the address it signed up with. */
export interface MailRecipient {
  id: number;
  username: string;
  email: string;
}

export interface SignUpAttempt {
  /** The client address the sign-up came from. */
  ip: string;
  at: Date;
}

/**
 * Mail about an account, to the address that owns it. Sign-up never tells the caller whether an
 * address already has an account; the owner of the address hears it here instead.
 */
export abstract class AccountMailer {
  /** Someone signed up with this account's address ("was it you? sign in or reset your password"). */
  abstract signUpWithTakenAddress(owner: MailRecipient, attempt: SignUpAttempt): Promise<void>;
}

/** Stands in while there is no e-mail delivery: logs that a mail is due, without the address. */
@Injectable()
export class LoggingAccountMailer extends AccountMailer {
  private readonly logger = new Logger(AccountMailer.name);

  signUpWithTakenAddress(owner: MailRecipient): Promise<void> {
    this.logger.log(`Mail not sent (no e-mail delivery yet): account ${owner.id} is to hear that someone signed up with its address`);
    return Promise.resolve();
  }
}
