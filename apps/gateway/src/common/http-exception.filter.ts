import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorCode, errorCodeForStatus, type HttpErrorBody } from '@app/contracts';
import { RpcCallError } from '@app/server';
import type { Response } from 'express';

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * One place that turns every failure into `{ error, code, message, messageCode?, fields?, fieldCodes?, ... }`:
 * errors of the owning service (RpcCallError), Nest's HTTP errors, and anything unexpected.
 * A 429 carries its details at the top level (`waitTime`), as the spec's clients read them.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrors');

  catch(exception: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = toHttpError(exception, this.logger);
    if (status === 429 && typeof body.retryAfterSeconds === 'number') {
      response.setHeader('Retry-After', String(body.retryAfterSeconds));
    }
    response.status(status).json(body);
  }
}

export function toHttpError(exception: unknown, logger?: Logger): { status: number; body: HttpErrorBody } {
  if (exception instanceof RpcCallError) {
    const { status, code, message, messageCode, fields, fieldCodes, details } = exception.body;
    const error = status === 429 && typeof code === 'string' ? code : (ERROR_NAMES[status] ?? 'Error');
    return {
      status,
      body: {
        error,
        code,
        message,
        ...(messageCode ? { messageCode } : {}),
        ...(fields ? { fields } : {}),
        ...(fieldCodes ? { fieldCodes } : {}),
        ...(details ?? {}),
      },
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && 'code' in response) {
      return { status, body: response as HttpErrorBody };
    }
    const message =
      typeof response === 'string' ? response : String((response as { message?: unknown }).message ?? exception.message);
    return { status, body: { error: ERROR_NAMES[status] ?? 'Error', code: errorCodeForStatus(status), message } };
  }
  // body-parser errors (too large, bad JSON) carry a status of their own.
  const raw = exception as { status?: number; type?: string; message?: string };
  if (typeof raw?.status === 'number' && raw.status >= 400 && raw.status < 500) {
    const message = raw.status === 413 ? 'Request body is too large' : 'Request body is not valid JSON';
    return { status: raw.status, body: { error: ERROR_NAMES[raw.status] ?? 'Error', code: errorCodeForStatus(raw.status), message } };
  }
  logger?.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { status: 500, body: { error: ERROR_NAMES[500], code: ErrorCode.Internal, message: 'Internal server error' } };
}
