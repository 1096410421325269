import { ArgumentsHost, Catch, HttpException, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ErrorCode, errorCodeForStatus, isRpcErrorBody, type RpcErrorBody } from '@app/contracts';
import { Observable, throwError } from 'rxjs';
import { isDependencyDown } from './dependency-errors';
import { internalErrorBody, serviceUnavailableBody } from './rpc-errors';

/**
 * Every error leaving a NATS handler becomes an RpcErrorBody: PostgreSQL or Redis out of reach
 * is a 503 the client may retry, anything else unknown is logged as 500.
 */
@Catch()
export class AllRpcExceptionsFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcExceptions');

  catch(exception: unknown, _host: ArgumentsHost): Observable<RpcErrorBody> {
    return throwError(() => rpcErrorBodyOf(exception, this.logger));
  }
}

/** The body an error crosses NATS as, from a Nest handler or a plain subscription alike. */
export function rpcErrorBodyOf(exception: unknown, logger: Logger): RpcErrorBody {
  if (exception instanceof RpcException) {
    const error = exception.getError();
    if (isRpcErrorBody(error)) return error;
    return { status: 500, code: ErrorCode.Internal, message: String(error) };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message = typeof response === 'string' ? response : ((response as { message?: string }).message ?? exception.message);
    return { status, code: errorCodeForStatus(status), message: String(message) };
  }
  if (isDependencyDown(exception)) {
    logger.warn(`A dependency is out of reach: ${(exception as Error).message}`);
    return serviceUnavailableBody();
  }
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return internalErrorBody();
}
