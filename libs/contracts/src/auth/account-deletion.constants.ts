import { TwoStepMessages } from './two-step.constants';

/**
 * Deleting an account: auth-svc takes the ask (password, the username typed as confirmation, and
 * a current code when two-step sign-in is on), signs the account out everywhere and erases it
 * ACCOUNT_DELETION_GRACE_DAYS later unless a sign-in cancels it first. Then each service erases
 * its own part of the person's data when auth-svc asks.
 */
export const AccountDeletionPatterns = {
  /** RequestAccountDeletionRequestDto -> AccountDeletionStatusDto (scheduled); 400 with fields; 403 fields.password; 409 in a call */
  Request: 'auth.deletion.request',
  /** UserIdDto -> AccountDeletionStatusDto (none) */
  Cancel: 'auth.deletion.cancel',
  /** UserIdDto -> AccountDeletionStatusDto */
  Status: 'auth.deletion.status',
  /** UserIdDto -> ErasedPartDto: chat-svc forgets the person (name, push, notifications, blocks); their messages stay */
  EraseChat: 'chat.account.erase',
  /** UserIdDto -> ErasedPartDto: marketplace-svc withdraws the seller profile and anonymises reviews and calls; amounts stay */
  EraseMarketplace: 'marketplace.account.erase',
  /** UserIdDto -> ErasedPartDto: media-svc deletes every upload and export of the person from the bucket */
  EraseMedia: 'media.account.erase',
} as const;

/** The name shown wherever an erased account's name was (messages, members lists, reviews, calls). */
export const DELETED_USER_NAME = 'Deleted user';

export const AccountDeletionMessages = {
  confirmationRequired: 'Type your username to confirm.',
  confirmationWrong: 'That is not your username. Type it exactly to confirm.',
  passwordRequired: 'Password is required',
  passwordWrong: TwoStepMessages.passwordWrong,
  codeRequired: TwoStepMessages.codeRequired,
  inCall: 'You are in a call. End the call before deleting your account.',
  guestsCannot: 'Guests have no account to delete.',
} as const;

/** The code of a refused deletion while a call is open. */
export const ACCOUNT_DELETION_IN_CALL_CODE = 'in_call';

export type AccountDeletionState = 'none' | 'scheduled';

export interface AccountDeletionStatusDto {
  state: AccountDeletionState;
  /** When it was asked (scheduled only). */
  requestedAt: string | null;
  /** When the account is erased unless a sign-in cancels it first (scheduled only). */
  scheduledFor: string | null;
}

/** What one service erased, by kind, for the log. */
export interface ErasedPartDto {
  erased: Record<string, number>;
}
