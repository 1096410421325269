/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AuthPatterns, ServiceName } from '@app/contracts';
import { freePort, startTestInfra, type TestInfra } from '@app/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { AppModule as ChatAppModule } from '../../../apps/chat-svc/src/app.module';
import { createMediaService, startMediaService } from '../../../apps/media-svc/src/bootstrap';
import { stackSockets, type ChatStack } from '../chat-stack';
import { apiClient, fakeSessions, prepareGateway, startService } from './gateway-harness';

// The same embedded S3 server `npm start` runs when no S3_ENDPOINT is configured.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startLocalS3 } = require('../../../scripts/lib/local-s3') as {
  startLocalS3(options: { dir: string; bucket: string }): Promise<{ endpoint: string; port: number; stop(): Promise<void> }>;
};

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
  const s3Dir = mkdtempSync(join(tmpdir(), 'test-s3-'));
  const s3 = await startLocalS3({ dir: s3Dir, bucket: 'media-test' });
  const mediaPort = await freePort();
  const gateway = await prepareGateway(infra, {
    CHAT_DATABASE_URL: infra.databaseUrl('chat'),
    MEDIA_DATABASE_URL: infra.databaseUrl('media'),
    MEDIA_HTTP_PORT: String(mediaPort),
    MEDIA_HTTP_HOST: '127.0.0.1',
    MEDIA_SVC_URL: `http://127.0.0.1:${mediaPort}`,
    S3_ENDPOINT: s3.endpoint,
    S3_PORT: String(s3.port),
    S3_USE_SSL: 'false',
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: 'media-test',
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
    await s3.stop();
    rmSync(s3Dir, { recursive: true, force: true });
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
