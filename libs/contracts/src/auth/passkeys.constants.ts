/** Passkeys (WebAuthn), answered by auth-svc (queue group "auth-svc"). */
export const PasskeyPatterns = {
  /** UserIdDto -> PasskeyDto[], oldest first */
  List: 'auth.passkeys.list',
  /** PasskeyRegistrationOptionsRequestDto -> PublicKeyCredentialCreationOptionsJSON; 403 for guests and for a password-only session of an account with a second factor; 409 past PASSKEYS_PER_ACCOUNT_MAX */
  RegistrationOptions: 'auth.passkeys.registration-options',
  /** RegisterPasskeyRequestDto -> PasskeyDto; 400 with fields.response when it cannot be verified or its challenge is spent; 403 as for the options; 409 when registered already */
  Register: 'auth.passkeys.register',
  /** RenamePasskeyRequestDto -> PasskeyDto; 404 unknown; 403 someone else's */
  Rename: 'auth.passkeys.rename',
  /** RemovePasskeyRequestDto -> { ok: true }; 404 unknown; 403 someone else's, or the last second factor from a password-only session; 409 when it is the account's last way to sign in */
  Remove: 'auth.passkeys.remove',
  /** PasskeySignInOptionsRequestDto -> PasskeySignInOptionsDto; alike for any login or none; 429 past the address's limit */
  SignInOptions: 'auth.passkeys.sign-in-options',
  /** PasskeySignInRequestDto -> SessionIssuedDto; 400 with fields.attempt or fields.response; 429 past the sign-in lockout */
  SignIn: 'auth.passkeys.sign-in',
  /** PasskeyConfirmationOptionsRequestDto -> PublicKeyCredentialRequestOptionsJSON: a challenge for this session to confirm it is the account's owner (deleting the account, turning two-step sign-in off); 409 without a passkey */
  ConfirmationOptions: 'auth.passkeys.confirmation-options',
} as const;

/** The name browsers and password managers show beside a passkey of this site. */
export const PASSKEY_RP_NAME = 'Chatmarket';
/** A passkey's name, as its owner typed it ("Work laptop"). */
export const PASSKEY_NAME_MAX = 64;
/** Passkeys one account may hold: enough for every device a person owns. */
export const PASSKEYS_PER_ACCOUNT_MAX = 20;
/** How long a registration or sign-in challenge may wait for the authenticator's answer; then it is gone. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Passkey sign-ins one client address may start per minute: each keeps a challenge in Redis until it expires. */
export const PASSKEY_SIGN_INS_PER_ADDRESS_PER_MINUTE = 30;

export const PasskeyMessages = {
  nameRequired: 'Give the passkey a name, such as the device it is on.',
  nameTooLong: `A passkey's name must be at most ${PASSKEY_NAME_MAX} characters.`,
  responseRequired: 'The passkey did not answer. Please try again.',
  expired: 'This passkey request has expired or was used already. Please try again.',
  notVerified: 'This passkey could not be verified. Please try again.',
  unknown: 'This passkey is not registered here: it may have been removed. Sign in with your password.',
  otherAccount: 'This passkey belongs to another account.',
  alreadyRegistered: 'This passkey is registered already.',
  tooMany: `An account may hold at most ${PASSKEYS_PER_ACCOUNT_MAX} passkeys. Remove one to add another.`,
  guestsCannot: 'Guests cannot add passkeys.',
  notFound: 'Passkey not found',
  notYours: 'This passkey belongs to another account.',
  lastWayIn: 'This passkey is the only way into your account. Add another way to sign in before removing it.',
  lastSecondFactor: 'This passkey is your account\'s only second factor. Sign in with it to remove it.',
  noneToConfirm: 'This account has no passkey.',
  confirmationRefused: 'This passkey could not confirm it is you. Use one of this account\'s passkeys.',
} as const;
