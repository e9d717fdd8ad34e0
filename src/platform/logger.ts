// Structured JSON logs (pino). Credentials never reach a log line; a line written while serving a request carries
// its requestId (request-scope.ts).
import { pino, type DestinationStream, type Logger } from 'pino';
import { requestScope } from './request-scope.ts';

export type { Logger };

/** `destination`: where lines go (default stdout; tests capture them). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({
    level,
    base: { service: 'atrium' },
    mixin: () => requestScope.getStore() ?? {},
    redact: {
      paths: [
        'password',
        '*.password',
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-mailer-key"]',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  }, destination);
}
