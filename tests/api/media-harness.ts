import 'reflect-metadata';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AuthPatterns, DEFAULT_USER_SETTINGS, ServiceName, SESSION_COOKIE, type UserDto, type UserRole } from '@app/contracts';
import { configureRpcApp, natsTransport, RpcClient } from '@app/server';
import { freePort, startTestInfra, type TestInfra } from '@app/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Uploads are tested as a browser meets them: through the gateway's HTTP API.
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { resetGatewayEnv } from '../../apps/gateway/src/config/gateway-env';
import { createMediaService, startMediaService } from '../../apps/media-svc/src/bootstrap';

// The same embedded S3 server `npm start` runs when no S3_ENDPOINT is configured.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startLocalS3 } = require('../../scripts/lib/local-s3') as {
  startLocalS3(options: { dir: string; bucket: string }): Promise<{ endpoint: string; port: number; stop(): Promise<void> }>;
};

/** Signed-in users of every role, as auth-svc would resolve their session cookies. */
const sessions = new Map<string, UserDto>();

@Controller()
class SessionsStub {
  @MessagePattern(AuthPatterns.ResolveSession)
  resolve(@Payload() data: { token: string }): UserDto | null {
    return sessions.get(data.token) ?? null;
  }
}

@Module({ controllers: [SessionsStub] })
class SessionsStubModule {}

export interface MediaStack {
  baseUrl: string;
  origin: string;
  rpc: RpcClient;
  /** A session cookie for a new user of this role. */
  signIn(role: UserRole): { cookie: string; user: UserDto };
  stop(): Promise<void>;
}

let nextUserId = 1000;

/** Private NATS, Redis, database and S3 server; media-svc and the gateway in-process on free ports. */
export async function startMediaStack(): Promise<MediaStack> {
  const infra: TestInfra = await startTestInfra();
  const s3Dir = mkdtempSync(join(tmpdir(), 'test-s3-'));
  const bucket = 'media-test';
  const s3 = await startLocalS3({ dir: s3Dir, bucket });
  const [port, mediaPort] = [await freePort(), await freePort()];
  const origin = `http://localhost:${port}`;
  Object.assign(process.env, {
    NATS_URL: infra.natsUrl,
    REDIS_URL: infra.redisUrl,
    MEDIA_DATABASE_URL: infra.databaseUrl('media'),
    MEDIA_HTTP_PORT: String(mediaPort),
    MEDIA_HTTP_HOST: '127.0.0.1',
    MEDIA_SVC_URL: `http://127.0.0.1:${mediaPort}`,
    S3_ENDPOINT: s3.endpoint,
    S3_PORT: String(s3.port),
    S3_USE_SSL: 'false',
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    // A bucket s3rver was not told about: media-svc creates it.
    S3_BUCKET: `${bucket}-created`,
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    EXTRA_ORIGINS: '',
    WEB_DIST: '',
    LOG_LEVEL: 'error',
  });
  resetGatewayEnv();

  let media: NestExpressApplication | undefined;
  let stub: INestMicroservice | undefined;
  let gateway: NestExpressApplication | undefined;
  const stop = async () => {
    await gateway?.close();
    await media?.close();
    await stub?.close();
    await s3.stop();
    rmSync(s3Dir, { recursive: true, force: true });
    await infra.stop();
  };
  try {
    stub = await NestFactory.createMicroservice(SessionsStubModule, { ...natsTransport(ServiceName.Auth, infra.natsUrl), logger: false });
    configureRpcApp(stub);
    await stub.listen();
    media = await createMediaService();
    await startMediaService(media);
    gateway = await createGateway();
    await gateway.startAllMicroservices();
    await gateway.listen(port, '127.0.0.1');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    origin,
    rpc: gateway.get(RpcClient),
    signIn(role) {
      const id = nextUserId++;
      const user: UserDto = {
        id,
        username: `${role}_${id}`,
        email: role === 'guest' ? null : `${role}${id}@example.com`,
        role,
        avatar: null,
        bio: null,
        categories: [],
        isVerified: false,
        isOnline: true,
        lastSeen: null,
        createdAt: new Date().toISOString(),
        joinedAt: new Date().toISOString(),
        settings: DEFAULT_USER_SETTINGS,
      };
      const token = `token-${role}-${id}-${Math.random().toString(36).slice(2)}`;
      sessions.set(token, user);
      return { cookie: `${SESSION_COOKIE}=${token}`, user };
    },
    stop,
  };
}

export interface UploadPart {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart body, built by hand so a test can also send it without a Content-Length. */
export function multipartBody(parts: UploadPart[], fields: Record<string, string> = {}) {
  const boundary = `----test${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, chunks };
}
