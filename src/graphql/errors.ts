// One error map for both faces. AppErrors show their code, status and data; GraphQL request errors (syntax,
// validation, limits) are 400s; anything else is masked as 500 internal_error and logged in full.
import { GraphQLError } from 'graphql';
import { AppError } from '../platform/errors.ts';
import type { Logger } from '../platform/logger.ts';

export interface ErrorDescription {
  code: string;
  status: number;
  message: string;
  data: Record<string, unknown>;
  headers: Record<string, string>;
}

const INTERNAL: Omit<ErrorDescription, 'headers'> = {
  code: 'internal_error',
  status: 500,
  message: 'An unexpected error occurred.',
  data: {},
};

function appErrorIn(err: unknown): AppError | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof AppError) return current;
    current = (current as { originalError?: unknown; cause?: unknown }).originalError ?? (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function describeError(err: unknown, logger: Logger): ErrorDescription {
  const app = appErrorIn(err);
  if (app) return { code: app.code, status: app.status, message: app.message, data: app.data, headers: app.headers };
  if (err instanceof GraphQLError && !err.originalError) {
    // The request itself is wrong (parse, validation, depth/cost limits): the client's fault.
    const code = typeof err.extensions?.code === 'string' ? err.extensions.code : 'GRAPHQL_VALIDATION_FAILED';
    const status = typeof err.extensions?.status === 'number' ? err.extensions.status : 400;
    return { code, status, message: err.message, data: {}, headers: {} };
  }
  logger.error({ err }, 'unexpected error');
  return { ...INTERNAL, headers: {} };
}

/** The GraphQL face of an error: extensions carry the same code and status as REST. */
export function toGraphQLError(err: unknown, logger: Logger): GraphQLError {
  const d = describeError(err, logger);
  const base = err instanceof GraphQLError ? err : undefined;
  const extensions: Record<string, unknown> = { ...base?.extensions, code: d.code, status: d.status };
  if (Object.keys(d.data).length) extensions.data = d.data;
  // A request that cannot run at all (syntax, validation, limits) is answered with its HTTP status; errors met while
  // executing stay in a 200 response beside the data, as GraphQL over HTTP has it.
  if (base && !base.originalError && !base.path) extensions.http = { status: d.status };
  return new GraphQLError(d.message, { nodes: base?.nodes, source: base?.source, positions: base?.positions, path: base?.path, extensions });
}
