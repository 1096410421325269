import english from '@/i18n/catalogues/en/auth.json';
import layout from '@/i18n/catalogues/en/layout.json';
import { plainText } from '@/i18n/i18n';

// The sign-in and sign-up screens speak through their catalogues (src/i18n/catalogues/*/auth.json).
// These are their English words as the tests name them, read from the English catalogue.

export const AUTH_TEXT = {
  signInTab: plainText(english['auth.tab.signIn']),
  signUpTab: plainText(english['auth.tab.signUp']),
  emailOrUsername: plainText(english['auth.field.emailOrUsername']),
  email: plainText(english['auth.field.email']),
  username: plainText(english['auth.field.username']),
  password: plainText(english['auth.field.password']),
  confirmPassword: plainText(english['auth.field.confirmPassword']),
  showPassword: plainText(english['auth.showPassword']),
  hidePassword: plainText(english['auth.hidePassword']),
  rememberMe: plainText(english['auth.rememberMe']),
  forgotPassword: plainText(english['auth.forgotPassword']),
  signInButton: plainText(english['auth.signIn.submit']),
  signUpButton: plainText(english['auth.signUp.submit']),
  guestButton: plainText(english['auth.guest.submit']),
  termsLink: plainText(layout['layout.legal.terms']),
  privacyLink: plainText(layout['layout.legal.privacy']),
  usernameTaken: plainText(english['auth.username.taken']),
} as const;

export const CAPTCHA_TEXT = {
  answerLabel: plainText(english['auth.captcha.answer']),
  verify: plainText(english['auth.captcha.verify']),
  checking: plainText(english['auth.captcha.checking']),
  verified: plainText(english['auth.captcha.verified']),
  refresh: plainText(english['auth.captcha.refresh']),
  manyRefreshes: plainText(english['auth.captcha.manyRefreshes']),
} as const;
