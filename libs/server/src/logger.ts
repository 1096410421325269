import type { LoggerService } from '@nestjs/common';
import pino from 'pino';
import { requestContext } from './request-context';

/** Structured JSON logs; every line carries the service and, inside a request, its id. */
export function createLogger(service: string, level: string) {
  return pino({
    level,
    base: { service, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const ctx = requestContext.getStore();
      return ctx ? { requestId: ctx.requestId, ...(ctx.userId ? { userId: ctx.userId } : {}) } : {};
    },
  });
}

export type AppPinoLogger = ReturnType<typeof createLogger>;

/** Nest's LoggerService over pino. */
export class JsonLogger implements LoggerService {
  constructor(readonly pino: AppPinoLogger) {}

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pino.error({ context, trace }, stringify(message));
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string) {
    this.write('fatal', message, context);
  }

  private write(level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, context?: string) {
    if (typeof message === 'object' && message !== null && !(message instanceof Error)) this.pino[level]({ context, ...message });
    else this.pino[level]({ context }, stringify(message));
  }
}

function stringify(message: unknown): string {
  if (message instanceof Error) return message.stack ?? message.message;
  return typeof message === 'string' ? message : JSON.stringify(message);
}
