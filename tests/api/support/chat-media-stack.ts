/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AuthPatterns, ServiceName } from '@app/contracts';
import { startTestInfra, type TestInfra } from '@app/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { AppModule as ChatAppModule } from '@app/chat-svc/src/app.module';
import { createMediaService, startMediaService } from '@app/media-svc/src/bootstrap';
import { stackSockets, type ChatStack } from '../chat-stack';
import { apiClient, fakeSessions, prepareGateway, startService } from './gateway-harness';
import { startLocalMedia } from './local-media';

const codec = JSONCodec<Record<string, any>>();

export type ChatMediaStack = Omit<ChatStack, 'sellers'> & {
  /** media-svc itself, for what it does on its own time (the sweep of unused preview pictures). */
  media: NestExpressApplication;
};

/**
 * The gateway, chat-svc and media-svc in-process on private infrastructure (NATS, Redis,
 * PostgreSQL, S3), for what crosses chat and media: a message's link preview whose picture
 * media-svc stores and serves. Sessions are answered by a stand-in for auth-svc. `env` sets the
 * services' variables (the link preview allow-list of a test's local site).
 */
export async function startChatMediaStack(env: Record<string, string> = {}): Promise<ChatMediaStack> {
  const infra: TestInfra = await startTestInfra();
  const local = await startLocalMedia();
  const gateway = await prepareGateway(infra, {
    CHAT_DATABASE_URL: infra.databaseUrl('chat'),
    MEDIA_DATABASE_URL: infra.databaseUrl('media'),
    ...local.variables,
    ...env,
  });

  const sessions = fakeSessions();
  const nc: NatsConnection = await connect({ servers: infra.natsUrl });
  const respond = (subject: string, answer: (data: any) => unknown) => {
    const sub = nc.subscribe(subject);
    void (async () => {
      for await (const msg of sub) {
        const packet = codec.decode(msg.data);
        msg.respond(codec.encode({ id: packet.id, response: answer(packet.data), isDisposed: true }));
      }
    })();
  };
  respond(AuthPatterns.ResolveSessions, (d) => d.tokens.map((token: string) => sessions.resolve(token)));
  respond(AuthPatterns.GetUsers, (d) => d.ids.map((id: number) => sessions.users.get(id)).filter(Boolean));
  respond(AuthPatterns.CountUsers, () => ({ count: sessions.users.size }));
  await nc.flush();

  const { opened, socket, enter } = stackSockets(gateway.wsUrl, gateway.origin);
  let chat: INestMicroservice | undefined;
  let media: NestExpressApplication | undefined;
  const stop = async () => {
    for (const socket of opened) socket.close();
    await gateway.close();
    await chat?.close();
    await media?.close();
    await nc.drain().catch(() => undefined);
    await local.stop();
    await infra.stop();
  };
  try {
    chat = await startService(ChatAppModule, ServiceName.Chat, infra.natsUrl, ['error']);
    media = await createMediaService();
    await startMediaService(media);
    await gateway.listen();
  } catch (error) {
    await stop();
    throw error;
  }

  const { baseUrl, wsUrl, origin } = gateway;
  const request = apiClient(baseUrl, origin);
  return {
    infra,
    baseUrl,
    wsUrl,
    origin,
    nc,
    chat: chat as INestMicroservice,
    signIn: sessions.signIn,
    api: (method, path, who, body) => request(method, path, { cookie: who?.cookie, body }),
    socket,
    enter,
    stop,
    media: media as NestExpressApplication,
  };
}
