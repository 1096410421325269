import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { NestExpressApplication } from '@nestjs/platform-express';
import { createLogger, JsonLogger, natsConnectionOptions, RpcClient, startMetricsServer } from '@app/server';
import compression from 'compression';
import { json, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { accessLog } from './common/access-log';
import { bodyRefusal } from './common/http-exception.filter';
import { allowedOrigins } from './common/origins';
import { httpValidationPipe } from './common/validation';
import { gatewayEnv } from './config/gateway-env';
import { setupApiDocs } from './docs';
import { FrameWsAdapter } from './realtime/ws-adapter';
import { pageLookups } from './seo/page-lookups';
import { serveSpa } from './spa';

const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), display-capture=(), geolocation=(), payment=(), usb=()';

/**
 * Connections the kernel holds for the gateway to accept (it caps this at net.core.somaxconn,
 * 4096 by default). After a restart every socket of the old process comes back within the
 * same second; with Node's 511 the rest were dropped, and each waited for its SYN to be sent
 * again (1, 3, 7, 15 s...): the slowest of 10,000 sockets came back a quarter-minute late.
 */
const LISTEN_BACKLOG = 4096;

/** Request bodies are small JSON; uploads stream through their own route. */
const JSON_BODY_LIMIT = '100kb';

export async function createGateway(): Promise<NestExpressApplication> {
  const env = gatewayEnv();
  const logger = new JsonLogger(createLogger('gateway', env.LOG_LEVEL));
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger, bodyParser: false });
  app.set('trust proxy', env.TRUST_PROXY_HOPS);
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Pictures are served by us (/media) or made in the page; no other site's.
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          // The socket of our own origins only, named in full for browsers whose 'self' omits ws.
          connectSrc: ["'self'", ...[...allowedOrigins()].map((origin) => origin.replace(/^http/, 'ws'))],
          styleSrc: ["'self'"],
          scriptSrc: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: env.COOKIE_SECURE,
    }),
  );
  app.use(accessLog);
  // Calls need this origin's camera and microphone; nothing else may ask for devices.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    next();
  });
  // Answers of a kilobyte or more go gzipped: the lists the public pages load first are tens of kilobytes of JSON.
  app.use('/api', compression());
  app.use('/api', json({ limit: JSON_BODY_LIMIT }));
  app.use('/api', (error: unknown, _req: Request, _res: Response, next: NextFunction) => next(bodyRefusal(error) ?? error));
  app.setGlobalPrefix('api');
  app.useGlobalPipes(httpValidationPipe());
  app.useWebSocketAdapter(new FrameWsAdapter(app));
  app.connectMicroservice<MicroserviceOptions>({
    // No queue group: every gateway hears every event it subscribes to.
    transport: Transport.NATS,
    options: natsConnectionOptions(env.NATS_URL, 'gateway-events'),
  });
  setupApiDocs(app);
  serveSpa(app, env.WEB_DIST, { origin: env.PUBLIC_ORIGIN, lookups: pageLookups(app.get(RpcClient)) });
  app.enableShutdownHooks();
  return app;
}

export async function bootstrapGateway(): Promise<INestApplication> {
  const app = await createGateway();
  await app.startAllMicroservices();
  // Nest hands its arguments on to http.Server#listen(port, host, backlog), though its types name only two.
  const listening = app as unknown as { listen(port: number, host: string, backlog: number): Promise<unknown> };
  await listening.listen(gatewayEnv().PORT, gatewayEnv().HOST, LISTEN_BACKLOG);
  const metrics = await startMetricsServer(gatewayEnv().METRICS_PORT);
  app.getHttpServer().once('close', () => metrics?.close());
  new Logger('Bootstrap').log(`Gateway listening on ${gatewayEnv().PUBLIC_ORIGIN}`);
  return app;
}
