import {
  ErrorCode,
  fieldErrors,
  fieldMessage,
  MediaErrorCode,
  waitValues,
  type FieldCode,
  type FieldMessage,
  type HttpErrorBody,
} from '@app/contracts';

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
    return new UploadError(413, { error: 'Payload Too Large', code: ErrorCode.PayloadTooLarge, ...aboutField(fieldMessage('upload_too_large', { max: megabytes })) });
  }

  static invalidType(problem: FieldMessage = fieldMessage('upload_invalid_type')) {
    return new UploadError(400, { error: 'Bad Request', code: MediaErrorCode.InvalidFileType, ...aboutField(problem) });
  }

  static tooManyFiles(max: number) {
    return new UploadError(400, {
      error: fieldMessage('upload_too_many_files_title').message,
      code: MediaErrorCode.TooManyFiles,
      ...said(fieldMessage('upload_too_many_files', { max })),
    });
  }

  /** A refused form: the message of a field the app sends (coded), or one only a broken client sees (plain). */
  static badRequest(problem: string | FieldMessage, field = 'file') {
    const body = typeof problem === 'string' ? { message: problem, fields: { [field]: [problem] } } : aboutField(problem, field);
    return new UploadError(400, { error: 'Bad Request', code: ErrorCode.ValidationFailed, ...body });
  }

  static tooSlow() {
    return new UploadError(408, { error: 'Request Timeout', code: MediaErrorCode.UploadTooSlow, ...said(fieldMessage('upload_too_slow')) });
  }

  static animationTooLarge(frames: number, megapixels: number) {
    return new UploadError(413, {
      error: 'Payload Too Large',
      code: MediaErrorCode.AnimationTooLarge,
      ...aboutField(fieldMessage('upload_animation_too_large', { frames, megapixels })),
    });
  }

  static tooComplex() {
    return new UploadError(413, { error: 'Payload Too Large', code: MediaErrorCode.ImageTooComplex, ...aboutField(fieldMessage('upload_too_complex')) });
  }

  static busy(retryAfterSeconds: number) {
    return new UploadError(503, {
      error: 'Service Unavailable',
      code: MediaErrorCode.UploadsBusy,
      ...said(fieldMessage('upload_busy')),
      retryAfterSeconds,
    });
  }

  static rateLimited(retryAfterMs: number) {
    const retryAfterSeconds = secondsOf(retryAfterMs);
    return new UploadError(429, {
      error: 'Too Many Requests',
      code: MediaErrorCode.UploadRateLimited,
      ...said(fieldMessage('upload_rate_limited', waitValues(retryAfterSeconds))),
      retryAfterSeconds,
    });
  }

  static quotaReached(megabytes: number, retryAfterMs: number) {
    const retryAfterSeconds = secondsOf(retryAfterMs);
    return new UploadError(429, {
      error: 'Too Many Requests',
      code: MediaErrorCode.UploadQuotaReached,
      ...said(fieldMessage('upload_quota_reached', { max: megabytes, ...waitValues(retryAfterSeconds) })),
      retryAfterSeconds,
    });
  }
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A refusal that names no field: its English, and its code beside it. */
function said({ message, code, params }: FieldMessage): { message: string; messageCode: FieldCode } {
  return { message, messageCode: params ? { code, params } : { code } };
}

/** A refusal of one field (the file): its English is the body's message and the field's, coded. */
function aboutField(problem: FieldMessage, field = 'file'): Pick<HttpErrorBody, 'message' | 'fields' | 'fieldCodes'> {
  return { message: problem.message, ...fieldErrors({ [field]: [problem] }) };
}
