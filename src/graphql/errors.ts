// One error map for both faces. AppErrors show their code, status and data, and so do database refusals no service
// caught (404/409, src/platform/database-errors.ts); GraphQL request errors (syntax, validation, limits) are 400s;
// anything else is masked as 500 internal_error and logged in full.
import { GraphQLError } from 'graphql';
import { databaseRefusal } from '../platform/database-errors.ts';
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

/** graphql-js may be loaded twice (its ESM build by yoga, its CommonJS build elsewhere), so its errors are recognised
 *  by name, not by class: a request error mistaken for an unknown one would be masked as a 500. */
export const isGraphQLError = (err: unknown): err is GraphQLError =>
  err instanceof Error && err.name === 'GraphQLError';

/** The application error in the chain of causes: one thrown, or a database refusal no service caught. */
function appErrorIn(err: unknown): AppError | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof AppError) return current;
    const refusal = databaseRefusal(current);
    if (refusal) return refusal;
    current =
      (current as { originalError?: unknown; cause?: unknown }).originalError ?? (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function describeError(err: unknown, logger: Logger): ErrorDescription {
  const app = appErrorIn(err);
  if (app) return { code: app.code, status: app.status, message: app.message, data: app.data, headers: app.headers };
  // An error with no field path happened before any resolver ran: the request itself is wrong (parse, validation,
  // limits, a variable its type refuses — an Int above 2^31-1, a value outside an enum): the client's fault.
  if (isGraphQLError(err) && (!err.originalError || !err.path)) {
    const variable = /^Variable "\$(\w+)" got invalid value/.exec(err.message)?.[1];
    if (variable) {
      const name = variable.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      return {
        code: 'rest_invalid_param',
        status: 400,
        message: `Invalid parameter(s): ${name}`,
        data: { params: { [name]: err.message } },
        headers: {},
      };
    }
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
  const base = isGraphQLError(err) ? err : undefined;
  const extensions: Record<string, unknown> = { ...base?.extensions, code: d.code, status: d.status };
  if (Object.keys(d.data).length) extensions.data = d.data;
  // A request that cannot run at all (syntax, validation, limits) is answered with its HTTP status; errors met while
  // executing stay in a 200 response beside the data, as GraphQL over HTTP has it.
  if (base && !base.originalError && !base.path) extensions.http = { status: d.status };
  return new GraphQLError(d.message, {
    nodes: base?.nodes,
    source: base?.source,
    positions: base?.positions,
    path: base?.path,
    extensions,
  });
}
