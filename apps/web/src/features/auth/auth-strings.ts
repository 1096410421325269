/** The auth screens' copy, shared by the screens and their tests. */
export const AUTH_TEXT = {
  signInTab: 'Sign In',
  signUpTab: 'Sign Up',
  backToHome: 'Back to Home',
  welcome: 'Welcome',
  signInSubtitle: 'Sign in to chat, book experts and keep your conversations.',
  signUpSubtitle: 'Create a free account to start chatting.',
  emailOrUsername: 'Email or Username',
  email: 'Email',
  username: 'Username',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  rememberMe: 'Remember me',
  forgotPassword: 'Forgot password?',
  signInButton: 'Sign In',
  signInBusy: 'Signing in...',
  signUpButton: 'Create Account',
  signUpBusy: 'Creating account...',
  guestButton: 'Continue as Guest',
  guestBusy: 'Joining...',
  orContinueWith: 'Or continue with',
  google: 'Google',
  facebook: 'Facebook',
  socialUnavailable: 'Google and Facebook sign-in are not available yet.',
  termsPrefix: 'I agree to the',
  termsLink: 'Terms of Use',
  termsAnd: 'and',
  privacyLink: 'Privacy Policy',
  usernameChecking: 'Checking availability...',
  usernameAvailable: 'Username is available',
  usernameTaken: 'Username is already taken',
  usernameHint: 'Letters, digits and underscore, 3-20 characters.',
} as const;

export const CAPTCHA_TEXT = {
  label: 'Security verification',
  prompt: 'Solve:',
  answerLabel: 'Your answer',
  verify: 'Verify',
  verifying: 'Verifying...',
  verified: 'Verified',
  refresh: 'New question',
  loading: 'Loading question...',
  unavailable: 'Could not load a question.',
  wrongAnswer: 'That answer is not correct. Try again.',
  expired: 'Verification expired. Please solve a new question.',
  manyRefreshes: "Multiple attempts detected. Please ensure you're solving the math problem correctly.",
} as const;

/** Toast texts of the spec (point 8). */
export const AUTH_TOASTS = {
  captchaRequired: { title: 'Captcha Required', description: 'Please complete the security verification' },
  loginFailed: { title: 'Login Failed', fallback: 'Invalid credentials' },
  passwordMismatch: { title: 'Password Mismatch', description: 'Passwords do not match' },
  termsRequired: { title: 'Terms Required', description: 'Please accept the terms and conditions' },
  registrationFailed: { title: 'Registration Failed', fallback: 'Registration failed' },
  guestFailed: { title: 'Guest Login Failed', fallback: 'Failed to login as guest' },
  logoutFailed: 'Failed to logout. Please try again.',
} as const;

export const AUTH_REQUIRED_TEXT = {
  title: 'Authentication Required',
  description: 'Please sign in to view this page.',
  signIn: 'Sign In',
} as const;
