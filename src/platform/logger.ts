// Structured JSON logs (pino). Credentials never reach a log line; a line written while serving a request carries
// its requestId (request-scope.ts). Modules' credential headers (Module.credentials) are redacted like Authorization.
import { pino, type DestinationStream, type Logger } from 'pino';
import { requestScope } from './request-scope.ts';

export type { Logger };

const CENSOR = '[redacted]';

/** What never reaches a line: passwords, cookies, and every credential header as a request's or a bare header map. */
function redactPaths(credentialHeaders: readonly string[]): string[] {
  const headers = ['authorization', 'cookie', ...credentialHeaders.map((h) => h.toLowerCase())];
  return ['password', '*.password', ...headers.flatMap((h) => [`req.headers["${h}"]`, `headers["${h}"]`])];
}

/** `destination`: where lines go (default stdout; tests capture them). */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  credentialHeaders: readonly string[] = [],
): Logger {
  return pino(
    {
      level,
      base: { service: 'atrium' },
      mixin: () => requestScope.getStore() ?? {},
      redact: { paths: redactPaths(credentialHeaders), censor: CENSOR },
    },
    destination,
  );
}

/** A logger given from outside (tests) learns the installed modules' credential headers. */
export function redacting(logger: Logger, credentialHeaders: readonly string[]): Logger {
  return credentialHeaders.length
    ? logger.child({}, { redact: { paths: redactPaths(credentialHeaders), censor: CENSOR } })
    : logger;
}
