import { ErrorCode, MediaErrorCode, UploadMessages, type HttpErrorBody } from '@app/contracts';

/** A refused upload, answered over HTTP with the gateway's error body shape. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly body: HttpErrorBody,
  ) {
    super(body.message);
  }

  /** Seconds a client should wait before trying again, when the refusal says so. */
  get retryAfterSeconds(): number | undefined {
    return typeof this.body.retryAfterSeconds === 'number' ? this.body.retryAfterSeconds : undefined;
  }

  static tooLarge(megabytes: number) {
    const message = UploadMessages.tooLarge(megabytes);
    return new UploadError(413, { error: 'Payload Too Large', code: ErrorCode.PayloadTooLarge, message, fields: { file: [message] } });
  }

  static invalidType(message: string = UploadMessages.invalidType) {
    return new UploadError(400, { error: 'Bad Request', code: MediaErrorCode.InvalidFileType, message, fields: { file: [message] } });
  }

  static tooManyFiles(max: number) {
    return new UploadError(400, {
      error: UploadMessages.tooManyFilesTitle,
      code: MediaErrorCode.TooManyFiles,
      message: UploadMessages.tooManyFiles(max),
    });
  }

  static badRequest(message: string, field = 'file') {
    return new UploadError(400, { error: 'Bad Request', code: ErrorCode.ValidationFailed, message, fields: { [field]: [message] } });
  }

  static tooSlow() {
    return new UploadError(408, { error: 'Request Timeout', code: MediaErrorCode.UploadTooSlow, message: UploadMessages.tooSlow });
  }

  static animationTooLarge(frames: number, megapixels: number) {
    const message = UploadMessages.animationTooLarge(frames, megapixels);
    return new UploadError(413, { error: 'Payload Too Large', code: MediaErrorCode.AnimationTooLarge, message, fields: { file: [message] } });
  }

  static tooComplex() {
    const message = UploadMessages.tooComplex;
    return new UploadError(413, { error: 'Payload Too Large', code: MediaErrorCode.ImageTooComplex, message, fields: { file: [message] } });
  }

  static busy(retryAfterSeconds: number) {
    return new UploadError(503, {
      error: 'Service Unavailable',
      code: MediaErrorCode.UploadsBusy,
      message: UploadMessages.busy,
      retryAfterSeconds,
    });
  }

  static rateLimited(retryAfterMs: number) {
    const retryAfterSeconds = secondsOf(retryAfterMs);
    return new UploadError(429, {
      error: 'Too Many Requests',
      code: MediaErrorCode.UploadRateLimited,
      message: UploadMessages.rateLimited(waitText(retryAfterSeconds)),
      retryAfterSeconds,
    });
  }

  static quotaReached(megabytes: number, retryAfterMs: number) {
    const retryAfterSeconds = secondsOf(retryAfterMs);
    return new UploadError(429, {
      error: 'Too Many Requests',
      code: MediaErrorCode.UploadQuotaReached,
      message: UploadMessages.quotaReached(megabytes, waitText(retryAfterSeconds)),
      retryAfterSeconds,
    });
  }
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** "40 seconds", "3 minutes", "5 hours": rounded up, so the client is never told too early. */
export function waitText(seconds: number): string {
  const [amount, unit] = seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
