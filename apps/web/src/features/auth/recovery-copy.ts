import { spoken } from '@/i18n/spoken';

// The account mail screens speak through the auth catalogues (src/i18n/catalogues/*/auth.json,
// `auth.recovery.*`), whose English their route modules add. What the server says
// (RecoveryMessages) is shown as it sends it.

export const RECOVERY_TEXT = spoken({
  forgotTitle: 'auth.recovery.forgotTitle',
  forgotSubtitle: 'auth.recovery.forgotSubtitle',
  email: 'auth.field.email',
  sendLink: 'auth.recovery.sendLink',
  sending: 'auth.recovery.sending',
  backToSignIn: 'auth.recovery.backToSignIn',
  resetTitle: 'auth.recovery.resetTitle',
  newPassword: 'auth.recovery.newPassword',
  confirmPassword: 'auth.recovery.confirmPassword',
  passwordMismatch: 'auth.recovery.passwordMismatch',
  savePassword: 'auth.recovery.savePassword',
  saving: 'auth.recovery.saving',
  signIn: 'auth.signIn.submit',
  askNewLink: 'auth.recovery.askNewLink',
  // The same words the server sends for a bad link (RecoveryMessages), for a link that came without its token.
  missingResetToken: 'auth.recovery.resetLinkInvalid',
  verifyTitle: 'auth.recovery.verifyTitle',
  verifying: 'auth.recovery.verifying',
  verified: 'auth.recovery.verified',
  missingVerifyToken: 'auth.recovery.verifyLinkInvalid',
  continue: 'auth.recovery.continue',
  bannerText: 'layout.verifyBanner.text',
  resend: 'layout.verifyBanner.resend',
  failed: 'auth.recovery.failed',
});
