/**
 * Request/reply patterns answered by auth-svc (queue group "auth-svc").
 * Payload -> answer of each, as the gateway and other services use them.
 */
export const AuthPatterns = {
  /** CaptchaRequestDto -> CaptchaChallengeDto; 429 with details.retryAfterSeconds past the address's limit */
  CreateCaptcha: 'auth.captcha.create',
  /** VerifyCaptchaDto -> CaptchaTokenDto; 400 on a wrong answer, unknown or used-up challenge */
  VerifyCaptcha: 'auth.captcha.verify',
  /** RegisterRequestDto -> SessionIssuedDto; 409 only for a taken username (a taken email is answered like a new one) */
  Register: 'auth.user.register',
  /**
   * LoginRequestDto -> SessionIssuedDto, or TwoStepChallengeDto (no session yet) when the account has two-step
   * sign-in on; 401 'Invalid credentials'; 429 with details.retryAfterSeconds
   */
  Login: 'auth.user.login',
  /** GuestRequestDto -> SessionIssuedDto */
  CreateGuest: 'auth.guest.create',
  /** SessionTokensDto -> (UserDto | null)[], one per token in its order: a herd of sockets is resolved a batch at a time */
  ResolveSessions: 'auth.sessions.resolve',
  /** DestroySessionDto -> { ok: true } */
  DestroySession: 'auth.session.destroy',
  /** CheckUsernameDto -> UsernameAvailabilityDto */
  CheckUsername: 'auth.username.check',
  /** UserIdDto -> UserDto; 404 when unknown */
  GetMe: 'auth.user.me',
  /** UpdateMeRequestDto -> UserDto; 403 when a guest sets a bio or an avatar */
  UpdateMe: 'auth.user.update',
  /** UpdateSettingsRequestDto -> UserSettings */
  UpdateSettings: 'auth.settings.update',
  /** UpdateLanguageRequestDto -> UpdateLanguageDto (the language stored) */
  UpdateLanguage: 'auth.language.update',
  /** GetUsersDto -> UserSummary[] (unknown ids are left out) */
  GetUsers: 'auth.user.get-many',
  /** FindByUsernamesDto -> UserSummary[] (case-insensitive; unknown names are left out) */
  FindByUsernames: 'auth.user.find-by-usernames',
  /** SetRoleDto -> UserDto */
  SetRole: 'auth.user.set-role',
  /** {} -> { count } registered accounts (guests not counted) */
  CountUsers: 'auth.user.count',
} as const;
