// Structured JSON logs (pino). Credentials never reach a log line.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'atrium' },
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
  });
}
