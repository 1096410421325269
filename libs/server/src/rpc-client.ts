import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { isRpcErrorBody, type RpcErrorBody, type RpcPattern, type RpcRequest, type RpcResponse } from '@app/contracts';
import * as nats from 'nats';
import { firstValueFrom, timeout } from 'rxjs';
import { currentRequestId, REQUEST_ID_HEADER } from './request-context';
import { Metrics } from './metrics';
import { serviceUnavailableBody } from './rpc-errors';

export const NATS_CLIENT = Symbol('NATS_CLIENT');

/** An RPC that failed: carries the owning service's error body. */
export class RpcCallError extends Error {
  constructor(readonly body: RpcErrorBody) {
    super(body.message);
  }
}

const DEFAULT_TIMEOUT_MS = 5000;
/** How soon a request nobody heard is sent again. */
const UNHEARD_RETRY_MS = 100;

export interface RpcRequestOptions {
  /**
   * Sends the request again, within the same time limit, while no process listens on its subject
   * (NATS answers "no responders" at once: the service is restarting, or moving to another node of
   * the cluster). Nothing received it, so nothing is done twice; for a request whose moment
   * matters to the person (a hang-up is billed to it), a blink of the broker stays unseen.
   */
  untilHeard?: boolean;
}

/** Request/reply and events over NATS, with the request id in the headers. */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);

  constructor(@Inject(NATS_CLIENT) private readonly client: ClientProxy) {}

  /** Asks the service that answers `pattern`; the contracts type both the payload and the answer. */
  async request<P extends RpcPattern>(
    pattern: P,
    data: RpcRequest<P>,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    { untilHeard = false }: RpcRequestOptions = {},
  ): Promise<RpcResponse<P>> {
    const done = Metrics.rpcCalls.startTimer({ pattern });
    const deadline = Date.now() + timeoutMs;
    try {
      for (;;) {
        try {
          const answer = await firstValueFrom(this.client.send<RpcResponse<P>>(pattern, this.record(data)).pipe(timeout(Math.max(1, deadline - Date.now()))));
          done({ status: '200' });
          return answer;
        } catch (error) {
          if (!untilHeard || !(error instanceof EmptyResponseException) || Date.now() + UNHEARD_RETRY_MS >= deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, UNHEARD_RETRY_MS));
        }
      }
    } catch (error) {
      const failure = this.toCallError(pattern, error);
      done({ status: String(failure.body.status) });
      throw failure;
    }
  }

  emit(event: string, data: unknown): Promise<void> {
    return firstValueFrom(this.client.emit(event, this.record(data)), { defaultValue: undefined }).then(() => undefined);
  }

  onApplicationShutdown() {
    return this.client.close();
  }

  private record(data: unknown) {
    const headers = nats.headers();
    const requestId = currentRequestId();
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    return new NatsRecordBuilder(data).setHeaders(headers).build();
  }

  private toCallError(pattern: string, error: unknown): RpcCallError {
    if (isRpcErrorBody(error)) return new RpcCallError(error);
    const message = error instanceof Error ? error.message : String(error);
    this.logger.warn(`RPC ${pattern} failed: ${message}`);
    return new RpcCallError(serviceUnavailableBody());
  }
}
