import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestMicroservice } from '@nestjs/microservices';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { ServiceName } from '@app/contracts';
import {
  AllRpcExceptionsFilter,
  createLogger,
  JsonLogger,
  natsTransport,
  RpcContextInterceptor,
  rpcValidationPipe,
} from '@app/server';
import { AppModule } from './app.module';
import { mediaEnv } from './config/media-env';

/**
 * media-svc is two front doors on one app: NATS (queue group media-svc) for questions about
 * objects, and an internal HTTP port for the bodies NATS is not made for: upload streams from
 * the gateway and object reads.
 */
export async function createMediaService(): Promise<NestExpressApplication> {
  const env = mediaEnv();
  const logger = new JsonLogger(createLogger(ServiceName.Media, env.LOG_LEVEL));
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger, bodyParser: false });
  app.disable('x-powered-by');
  // A client that trickles its headers or its request is dropped instead of holding a connection.
  const server = app.getHttpServer() as Server;
  server.headersTimeout = env.MEDIA_HTTP_HEADERS_TIMEOUT_MS;
  server.requestTimeout = env.MEDIA_HTTP_REQUEST_TIMEOUT_MS;
  // Deferred so that the NATS handlers are set up after their pipes, filter and interceptor
  // (the HTTP side keeps its own error handling).
  const rpc = app.connectMicroservice(natsTransport(ServiceName.Media, env.NATS_URL), {
    deferInitialization: true,
  }) as NestMicroservice;
  rpc.useGlobalPipes(rpcValidationPipe());
  rpc.useGlobalFilters(new AllRpcExceptionsFilter());
  rpc.useGlobalInterceptors(new RpcContextInterceptor());
  // The application's own start runs the lifecycle hooks once for both.
  rpc.setIsInitHookCalled(true);
  app.enableShutdownHooks();
  return app;
}

export async function startMediaService(app: NestExpressApplication): Promise<void> {
  const env = mediaEnv();
  await app.init();
  await app.startAllMicroservices();
  await app.listen(env.MEDIA_HTTP_PORT, env.MEDIA_HTTP_HOST);
  new Logger('Bootstrap').log(`${ServiceName.Media} listening on NATS ${env.NATS_URL} and http://${env.MEDIA_HTTP_HOST}:${env.MEDIA_HTTP_PORT}`);
}
