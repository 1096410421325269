import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ServiceName, type UserRole } from '@app/contracts';
import { RpcClient } from '@app/server';
import { startTestInfra, type TestInfra } from '@app/testing';
// Uploads are tested as a browser meets them: through the gateway's HTTP API.
import { createMediaService, startMediaService } from '@app/media-svc/src/bootstrap';
import { fakeSessions, prepareGateway, startService, type SignedIn } from './support/gateway-harness';
import { startLocalMedia } from './support/local-media';

export interface MediaStack {
  baseUrl: string;
  /** media-svc's internal port, which only the gateway calls in production. */
  mediaUrl: string;
  origin: string;
  rpc: RpcClient;
  /** A session cookie for a new user of this role. */
  signIn(role: UserRole): SignedIn;
  stop(): Promise<void>;
}

/**
 * Private NATS, Redis, database and S3 server; media-svc and the gateway in-process on free ports.
 * `env` sets limits of either app for this stack.
 */
export async function startMediaStack(env: Record<string, string> = {}): Promise<MediaStack> {
  const infra: TestInfra = await startTestInfra();
  // A bucket the S3 server was not told about: media-svc creates it.
  const local = await startLocalMedia({ bucketToCreate: 'media-test-created' });
  const gateway = await prepareGateway(infra, {
    MEDIA_DATABASE_URL: infra.databaseUrl('media'),
    ...local.variables,
    ...env,
  });

  const sessions = fakeSessions();
  let media: NestExpressApplication | undefined;
  let stub: INestMicroservice | undefined;
  const stop = async () => {
    await gateway.close();
    await media?.close();
    await stub?.close();
    await local.stop();
    await infra.stop();
  };
  try {
    stub = await startService(sessions.responder, ServiceName.Auth, infra.natsUrl);
    media = await createMediaService();
    await startMediaService(media);
    const app = await gateway.listen();
    return {
      baseUrl: gateway.baseUrl,
      mediaUrl: local.variables.MEDIA_SVC_URL,
      origin: gateway.origin,
      rpc: app.get(RpcClient),
      signIn: (role) => sessions.signIn(role),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
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
