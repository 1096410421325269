import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import { Observable } from 'rxjs';
import { newRequestId, REQUEST_ID_HEADER, requestContext } from './request-context';

/** Restores the caller's request id from the NATS headers so logs line up across services. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc().getContext<unknown>();
    const headers = rpc instanceof NatsContext ? rpc.getHeaders() : undefined;
    const requestId = headers?.get(REQUEST_ID_HEADER) || newRequestId();
    return new Observable((subscriber) =>
      requestContext.run({ requestId }, () => next.handle().subscribe(subscriber)),
    );
  }
}
