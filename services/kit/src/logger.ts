import { pino, type Logger, type LoggerOptions } from 'pino';
import { currentContext } from './context.js';

export type { Logger };

/** pino logger that stamps every line with the service name and, when known, request and correlation ids. */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  opts: LoggerOptions = {},
): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const ctx = currentContext();
      if (!ctx) return {};
      return { correlationId: ctx.correlationId, ...(ctx.requestId ? { reqId: ctx.requestId } : {}) };
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.passwordConfirm',
        '*.token',
      ],
      censor: '[redacted]',
    },
    ...opts,
  });
}
