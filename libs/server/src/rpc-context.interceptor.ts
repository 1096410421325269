import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext, RpcException } from '@nestjs/microservices';
import { isRpcErrorBody } from '@app/contracts';
import { Observable } from 'rxjs';
import { Metrics } from './metrics';
import { newRequestId, REQUEST_ID_HEADER, requestContext } from './request-context';

/**
 * Restores the caller's request id from the NATS headers so logs line up across services, and
 * times each answer by pattern and status.
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc().getContext<unknown>();
    const nats = rpc instanceof NatsContext ? rpc : undefined;
    const requestId = nats?.getHeaders()?.get(REQUEST_ID_HEADER) || newRequestId();
    const done = Metrics.rpcHandled.startTimer({ pattern: nats?.getSubject() ?? 'unknown' });
    return new Observable((subscriber) =>
      requestContext.run({ requestId }, () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (error: unknown) => {
            done({ status: String(statusOf(error)) });
            subscriber.error(error);
          },
          complete: () => {
            done({ status: '200' });
            subscriber.complete();
          },
        }),
      ),
    );
  }
}

function statusOf(error: unknown): number {
  const body = error instanceof RpcException ? error.getError() : undefined;
  if (isRpcErrorBody(body)) return body.status;
  return typeof (error as { getStatus?: () => number })?.getStatus === 'function' ? (error as { getStatus: () => number }).getStatus() : 500;
}
