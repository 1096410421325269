/** Request/reply patterns answered by auth-svc (queue group "auth-svc"). */
export const AuthPatterns = {
  CreateCaptcha: 'auth.captcha.create',
  VerifyCaptcha: 'auth.captcha.verify',
  Register: 'auth.user.register',
  Login: 'auth.user.login',
  CreateGuest: 'auth.guest.create',
  ResolveSession: 'auth.session.resolve',
  DestroySession: 'auth.session.destroy',
  CheckUsername: 'auth.username.check',
  GetMe: 'auth.user.me',
  UpdateMe: 'auth.user.update',
  UpdateSettings: 'auth.settings.update',
  GetUsers: 'auth.user.get-many',
  SetRole: 'auth.user.set-role',
  CountUsers: 'auth.user.count',
} as const;
