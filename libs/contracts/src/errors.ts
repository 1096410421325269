import type { FieldCode, FieldCodes } from './common/field-messages';

/** Machine-readable error codes shared by every service, the gateway and the web app. */
export const ErrorCode = {
  ValidationFailed: 'validation_failed',
  BadRequest: 'bad_request',
  Unauthenticated: 'unauthenticated',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  RateLimit: 'rate_limit',
  RateLimitDuplicate: 'rate_limit_duplicate',
  /** Too many messages with links from a regular user in public rooms: refused as spam. */
  RateLimitLinks: 'rate_limit_links',
  TooManyAttempts: 'too_many_attempts',
  TooManyRequests: 'too_many_requests',
  CaptchaInvalid: 'captcha_invalid',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  ServiceUnavailable: 'service_unavailable',
  Internal: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The code of an error that names none of its own, from its HTTP status. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ErrorCode.ValidationFailed;
    case 401:
      return ErrorCode.Unauthenticated;
    case 403:
      return ErrorCode.Forbidden;
    case 404:
      return ErrorCode.NotFound;
    case 409:
      return ErrorCode.Conflict;
    case 413:
      return ErrorCode.PayloadTooLarge;
    case 415:
      return ErrorCode.UnsupportedMediaType;
    case 429:
      return ErrorCode.TooManyRequests;
    case 503:
      return ErrorCode.ServiceUnavailable;
    default:
      return status >= 400 && status < 500 ? ErrorCode.BadRequest : ErrorCode.Internal;
  }
}

/** The body of an error that crosses NATS (an RpcException's payload). */
export interface RpcErrorBody {
  status: number;
  code: ErrorCode | string;
  message: string;
  /** Field name -> messages, for validation errors. */
  fields?: Record<string, string[]>;
  /** Field name -> the codes of its messages, in the same order (common/field-messages). */
  fieldCodes?: FieldCodes;
  /** The message's own code and values, when it has one, for the client to word. */
  messageCode?: FieldCode;
  /** Extra values a client needs, such as waitTime for rate limits. */
  details?: Record<string, unknown>;
}

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcErrorBody).status === 'number' &&
    typeof (value as RpcErrorBody).code === 'string' &&
    typeof (value as RpcErrorBody).message === 'string'
  );
}

/** The JSON body of an HTTP error answered by the gateway. */
export interface HttpErrorBody {
  error: string;
  code: string;
  message: string;
  fields?: Record<string, string[]>;
  /** Beside `fields`: each message's code and values, for the client to word (null: none). */
  fieldCodes?: FieldCodes;
  /** Beside `message`: its code and values, when it has one (a refusal that names no field). */
  messageCode?: FieldCode;
  [extra: string]: unknown;
}
