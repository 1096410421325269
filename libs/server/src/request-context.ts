import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
  userId?: number;
}

/** Carries the request id through a request's async work, across NATS hops too. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = 'x-request-id';

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

export function newRequestId(): string {
  return randomUUID();
}
