import 'reflect-metadata';
import { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import type { ServiceName } from '@app/contracts';
import { JsonLogger, createLogger } from './logger';
import { natsConnectionOptions, natsServerOptions } from './nats-connection';
import { AllRpcExceptionsFilter } from './rpc-exception.filter';
import { RpcContextInterceptor } from './rpc-context.interceptor';
import { rpcValidationPipe } from './rpc-errors';
import type { BaseEnv } from './service-env';

/** NATS transport options: every replica of a service listens in the queue group named after it. */
export function natsTransport(service: ServiceName, natsUrl: string): MicroserviceOptions {
  return {
    transport: Transport.NATS,
    options: { ...natsConnectionOptions(natsUrl, service), queue: service },
  };
}

/** Applies the pipes, filters and interceptors every NATS service uses. */
export function configureRpcApp(app: INestMicroservice) {
  app.useGlobalPipes(rpcValidationPipe());
  app.useGlobalFilters(new AllRpcExceptionsFilter());
  app.useGlobalInterceptors(new RpcContextInterceptor());
  app.enableShutdownHooks();
}

export async function bootstrapService(service: ServiceName, module: Type<unknown>, env: BaseEnv): Promise<INestMicroservice> {
  const logger = new JsonLogger(createLogger(service, env.LOG_LEVEL));
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    ...natsTransport(service, env.NATS_URL),
    logger,
  });
  configureRpcApp(app);
  await app.listen();
  // Without the credentials the URL may carry: logs are read by more people than secrets are.
  logger.log(`${service} listening on NATS ${[natsServerOptions(env.NATS_URL).servers ?? []].flat().join(',')}`, 'Bootstrap');
  return app;
}
