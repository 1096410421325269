import { Type } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { said } from '../../common/field-messages';
import { IsId, Optional } from '../../common/validation';
import { PASSKEY_NAME_MAX } from '../passkeys.constants';
import { ClientMetaDto, SESSION_KEY_PATTERN } from './auth.dto';

/** WebAuthn's JSON shapes, as @simplewebauthn's server and browser halves both type them. */
export type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON };

/** Binary fields of a WebAuthn answer, base64url as browsers' toJSON() and @simplewebauthn/browser write them. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** A credential id is at most 1023 bytes (WebAuthn Level 3), 1364 characters of base64url. */
const CREDENTIAL_ID_MAX = 1364;
/** Attestation objects with certificate chains run to a few kilobytes; nothing honest comes near this. */
const BLOB_MAX = 16_384;
const AUTHENTICATOR_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];
const ATTACHMENTS = ['platform', 'cross-platform'];

const answer = said('passkey_no_answer');

/** A passkey's name: the DTO refuses what is blank or long; the service keeps it trimmed. */
class PasskeyNameDto {
  @IsString(said('passkey_name_required'))
  @Matches(/\S/, said('passkey_name_required'))
  @MaxLength(PASSKEY_NAME_MAX, said('passkey_name_too_long', { max: PASSKEY_NAME_MAX }))
  name: string;
}

export class AttestationResponseDto {
  @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(BLOB_MAX, answer) clientDataJSON: string;
  @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(BLOB_MAX, answer) attestationObject: string;
  @Optional() @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(BLOB_MAX, answer) authenticatorData?: string;
  @Optional() @IsArray(answer) @ArrayMaxSize(AUTHENTICATOR_TRANSPORTS.length, answer) @IsIn(AUTHENTICATOR_TRANSPORTS, { each: true, ...answer }) transports?: string[];
  @Optional() @IsInt(answer) publicKeyAlgorithm?: number;
  @Optional() @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(BLOB_MAX, answer) publicKey?: string;
}

export class AssertionResponseDto {
  @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(BLOB_MAX, answer) clientDataJSON: string;
  @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(BLOB_MAX, answer) authenticatorData: string;
  @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(BLOB_MAX, answer) signature: string;
  /** The account's user handle, which discoverable credentials answer with. */
  @Optional() @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(128, answer) userHandle?: string;
}

/** What `navigator.credentials.create()` gave, as JSON (RegistrationResponseJSON). */
export class RegistrationCredentialDto {
  @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(CREDENTIAL_ID_MAX, answer) id: string;
  @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(CREDENTIAL_ID_MAX, answer) rawId: string;
  @Equals('public-key', answer) type: 'public-key';
  @IsObject(answer) @ValidateNested() @Type(() => AttestationResponseDto) response: AttestationResponseDto;
  @Optional() @IsIn(ATTACHMENTS, answer) authenticatorAttachment?: 'platform' | 'cross-platform';
  /** Extension outputs (credProps...): read by nobody, kept only because browsers send them. */
  @Optional() @IsObject(answer) clientExtensionResults?: Record<string, unknown>;
}

/** What `navigator.credentials.get()` gave, as JSON (AuthenticationResponseJSON). */
export class AuthenticationCredentialDto {
  @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(CREDENTIAL_ID_MAX, answer) id: string;
  @IsString(answer) @Matches(BASE64URL, answer) @MaxLength(CREDENTIAL_ID_MAX, answer) rawId: string;
  @Equals('public-key', answer) type: 'public-key';
  @IsObject(answer) @ValidateNested() @Type(() => AssertionResponseDto) response: AssertionResponseDto;
  @Optional() @IsIn(ATTACHMENTS, answer) authenticatorAttachment?: 'platform' | 'cross-platform';
  @Optional() @IsObject(answer) clientExtensionResults?: Record<string, unknown>;
}

/** Adding a passkey: its name and the authenticator's answer to the registration options. */
export class RegisterPasskeyDto extends PasskeyNameDto {
  @IsObject(answer) @ValidateNested() @Type(() => RegistrationCredentialDto) response: RegistrationCredentialDto;
}

export class RenamePasskeyDto extends PasskeyNameDto {}

/**
 * Starting a passkey sign-in. `login` (an email or username, as typed) may be left out: passkeys
 * here are discoverable, so the browser offers the site's passkeys itself. When given, the
 * passkey chosen must be that account's; the answer is the same whether or not it exists.
 */
export class PasskeySignInOptionsDto {
  @Optional() @IsString() @MaxLength(254) login?: string;
}

export class PasskeySignInDto {
  @IsString(said('passkey_expired'))
  @Matches(/^[\w-]{43}$/, said('passkey_expired'))
  attempt: string;

  @IsObject(answer) @ValidateNested() @Type(() => AuthenticationCredentialDto) response: AuthenticationCredentialDto;

  @IsOptional() @IsBoolean() rememberMe?: boolean;
}

/** A registration challenge is bound to the session that asked for it, and that session must have been opened with a second factor when the account holds one. */
export class PasskeyRegistrationOptionsRequestDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey: string;
}

/** A challenge to confirm the account's owner, bound to the account and the session that asked for it. */
export class PasskeyConfirmationOptionsRequestDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey: string;
}

export class RegisterPasskeyRequestDto extends RegisterPasskeyDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey: string;
}

/** Removing the account's last second factor needs a session opened with one (PasskeyMessages.lastSecondFactor). */
export class RemovePasskeyRequestDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsId() passkeyId: number;
  @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey: string;
}

export class RenamePasskeyRequestDto extends RenamePasskeyDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsId() passkeyId: number;
}

export class PasskeySignInOptionsRequestDto extends PasskeySignInOptionsDto {
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

export class PasskeySignInRequestDto extends PasskeySignInDto {
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

/** A passkey as its owner sees it in Settings; the key itself never leaves auth-svc. */
export interface PasskeyDto {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** How the browser reaches the authenticator (internal, hybrid, usb...), as it said at registration. */
  transports: string[];
}

/** A started passkey sign-in: the attempt to send back with the answer, and the options for navigator.credentials.get(). */
export interface PasskeySignInChallengeDto {
  attempt: string;
  options: PublicKeyCredentialRequestOptionsJSON;
  expiresInSeconds: number;
}
