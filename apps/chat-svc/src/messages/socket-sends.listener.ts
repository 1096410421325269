import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CHAT_SOCKET_SEND_SUBJECT, SendMessageRequestDto, ServiceName, type RpcErrorBody, type SocketSendAnswer } from '@app/contracts';
import { Metrics, natsConnectionOptions, newRequestId, REQUEST_ID_HEADER, requestContext, rpcErrorBodyOf, rpcValidationPipe } from '@app/server';
import { connect, JSONCodec, type Msg, type NatsConnection } from 'nats';
import { ChatEnv } from '../config/chat-env';
import { MessagesService } from './messages.service';

const codec = JSONCodec<unknown>();

/**
 * The sends of sockets (CHAT_SOCKET_SEND_SUBJECT), taken from NATS without Nest's request
 * routing: the same validation and the same send path as the SendMessage request, but the answer
 * is the room's new_message, and the reply subject hears only of sends that published none.
 */
@Injectable()
export class SocketSendsListener implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(SocketSendsListener.name);
  private readonly pipe = rpcValidationPipe();
  private nc?: NatsConnection;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly messages: MessagesService,
    private readonly env: ChatEnv,
  ) {}

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(this.env.NATS_URL, 'chat-svc-socket-sends'));
    this.nc.subscribe(CHAT_SOCKET_SEND_SUBJECT, {
      queue: ServiceName.Chat,
      callback: (error, msg) => {
        if (error) return;
        const handled = this.handle(msg).finally(() => this.inFlight.delete(handled));
        this.inFlight.add(handled);
      },
    });
  }

  /** Shutting down: no new sends are taken, and those under way are stored and answered first. */
  async beforeApplicationShutdown() {
    await this.nc?.drain().catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
  }

  private handle(msg: Msg): Promise<void> {
    const requestId = msg.headers?.get(REQUEST_ID_HEADER) || newRequestId();
    return requestContext.run({ requestId }, async () => {
      const done = Metrics.rpcHandled.startTimer({ pattern: CHAT_SOCKET_SEND_SUBJECT });
      try {
        const dto = (await this.pipe.transform(codec.decode(msg.data), { type: 'body', metatype: SendMessageRequestDto })) as SendMessageRequestDto;
        const { message, published } = await this.messages.store(dto);
        if (!published) this.answer(msg, { message });
        done({ status: '200' });
      } catch (exception) {
        const error: RpcErrorBody = rpcErrorBodyOf(exception, this.logger);
        this.answer(msg, { error });
        done({ status: String(error.status) });
      }
    });
  }

  private answer(msg: Msg, answer: SocketSendAnswer) {
    if (!msg.reply) return;
    try {
      this.nc?.publish(msg.reply, codec.encode(answer));
    } catch (error) {
      // The gateway asks again by request once its wait is over; the send's client id keeps it single.
      this.logger.warn(`Answering a socket send failed: ${(error as Error).message}`);
    }
  }
}
