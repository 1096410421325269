import { ErrorCode, MediaErrorCode, UploadMessages, type HttpErrorBody } from '@app/contracts';

/** A refused upload, answered over HTTP with the gateway's error body shape. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly body: HttpErrorBody,
  ) {
    super(body.message);
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
}
