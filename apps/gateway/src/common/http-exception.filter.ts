import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { codeOf, ErrorCode, errorCodeForStatus, fieldErrors, fieldMessage, type FieldMessage, type HttpErrorBody } from '@app/contracts';
import { internalErrorBody, RpcCallError } from '@app/server';
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
  const refused = bodyRefusal(exception);
  if (refused) return toHttpError(refused, logger);
  logger?.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  const { status: _status, ...internal } = internalErrorBody();
  return { status: 500, body: { error: ERROR_NAMES[500], ...internal } };
}

/**
 * body-parser's refusal of a body (too large, not JSON, a charset it cannot read), which carries
 * a 4xx status of its own, as the gateway's coded refusal; undefined for any other error. It is
 * turned so beside the parser, before Nest makes a bad JSON body a 400 with the parser's words.
 */
export function bodyRefusal(error: unknown): HttpException | undefined {
  const raw = error as { status?: unknown; type?: unknown } | null;
  if (typeof raw?.status !== 'number' || raw.status < 400 || raw.status >= 500 || error instanceof HttpException) return undefined;
  return refusal(raw.status, errorCodeForStatus(raw.status), fieldMessage(raw.status === 413 ? 'body_too_large' : 'body_not_json'));
}

/** A refusal that names no field: its English, and beside it its code for the client to word. */
export function refusal(status: number, code: string, problem: FieldMessage): HttpException {
  return new HttpException({ error: ERROR_NAMES[status] ?? 'Error', code, message: problem.message, messageCode: codeOf(problem) }, status);
}

/** A 400 about one field: its message, coded, is the error's message too. */
export function fieldRefusal(field: string, problem: FieldMessage): HttpException {
  return new HttpException({ error: ERROR_NAMES[400], code: ErrorCode.ValidationFailed, message: problem.message, ...fieldErrors({ [field]: [problem] }) }, 400);
}
