import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../auth.constants';
import { OIDC_PROVIDER_ID_PATTERN, OIDC_RETURN_TO, OIDC_TOKEN_PATTERN, type OidcReturnTo } from '../oidc.constants';
import { said } from '../../common/field-messages';
import { LANGUAGES, type Language } from '../../common/languages';
import { IsId } from '../../common/validation';
import { ClientMetaDto, SESSION_KEY_PATTERN, type SessionIssuedDto } from './auth.dto';
import type { TwoStepChallengeDto } from './two-step.dto';

/** A configured provider, as the sign-in screen offers it. */
export interface OidcProviderDto {
  id: string;
  /** The button's label: "Google". */
  name: string;
}

/** Starting a sign-in with a provider; Remember me is carried through the provider's round trip. */
export class StartOidcDto {
  @IsOptional() @IsBoolean() rememberMe?: boolean;
  /** Where the browser lands once signed in: 'settings' for "Sign in again with <provider>" there; the home page otherwise. */
  @IsOptional() @IsIn(OIDC_RETURN_TO) returnTo?: OidcReturnTo;
}

/** Where the browser goes next: the provider's authorization page. */
export interface OidcStartDto {
  url: string;
}

export class StartOidcRequestDto extends StartOidcDto {
  @IsString() @Matches(OIDC_PROVIDER_ID_PATTERN, said('provider_unknown')) provider: string;
  /** The callback address the provider sends the browser back to (the gateway's, on the public origin). */
  @IsString() @MaxLength(2048) redirectUri: string;
  /** The SHA-256 of the browser's OIDC_BROWSER_COOKIE: the callback must come back with the same cookie. */
  @IsString() @Matches(/^[0-9a-f]{64}$/) browser: string;
  /** Set when a signed-in member links the provider to their account (Settings). */
  @IsOptional() @Type(() => Number) @IsInt() userId?: number;
  /**
   * The session the browser has, if any (its key): a sign-in started without a Remember me of its
   * own ("Sign in again", in Settings) keeps that session's.
   */
  @IsOptional() @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey?: string;
}

/** The provider's answer as it reached the callback: the whole URL (code, state, iss or error). */
export class OidcCallbackRequestDto {
  @IsString() @Matches(OIDC_PROVIDER_ID_PATTERN, said('provider_unknown')) provider: string;
  @IsString() @MaxLength(8192) callbackUrl: string;
  @IsString() @Matches(/^[0-9a-f]{64}$/) browser: string;
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

/**
 * What the provider's answer came to: a session; the two-step challenge of an account that has it
 * on; a new identity waiting for its username; or, for a member linking, the provider linked.
 */
export type OidcOutcomeDto =
  | { kind: 'session'; issued: SessionIssuedDto; returnTo?: OidcReturnTo }
  | { kind: 'two-step'; challenge: TwoStepChallengeDto; returnTo?: OidcReturnTo }
  | { kind: 'sign-up'; token: string; expiresInSeconds: number; provider: string }
  | { kind: 'linked'; provider: string };

/** The username chosen for a new account made from a provider's identity: the same rules as sign-up. */
export class CompleteOidcSignUpDto {
  @IsString(said('provider_token_expired'))
  @Matches(OIDC_TOKEN_PATTERN, said('provider_token_expired'))
  token: string;

  @IsString()
  @MinLength(USERNAME_MIN, said('username_too_short', { min: USERNAME_MIN }))
  @MaxLength(USERNAME_MAX, said('username_too_long', { max: USERNAME_MAX }))
  @Matches(USERNAME_PATTERN, said('username_characters'))
  username: string;

  @IsOptional() @IsBoolean() rememberMe?: boolean;

  /** The language the page was in: the account starts in it (English when absent). */
  @IsOptional() @IsIn(LANGUAGES, said('language_choice', { languages: LANGUAGES.join(', ') })) language?: Language;
}

export class CompleteOidcSignUpRequestDto extends CompleteOidcSignUpDto {
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

/** A provider identity linked to the account, as Settings lists it. */
export interface LinkedIdentityDto {
  id: number;
  provider: string;
  /** The provider's display name, or its id when it is no longer configured. */
  providerName: string;
  /** The address the provider gave at linking, if any. */
  email: string | null;
  linkedAt: string;
  lastUsedAt: string | null;
}

export class UnlinkIdentityRequestDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsId() identityId: number;
}
