// The GraphQL face: graphql-yoga over the shared schema, with offline GraphiQL, armor limits, introspection for
// administrators in production, and the cookie-nonce rule (a mutation authenticated by cookie needs the nonce).
import { noteRequest } from '../platform/request-scope.ts';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { listCostLimit } from './list-cost.ts';
import { metricsFor } from '../platform/metrics.ts';
import { renderGraphiQLPage } from './graphiql.ts';
import type { Request, Response } from 'express';
import {
  BREAK,
  getOperationAST,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  validate,
  visit,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import { authRequestOf, requestInfoOf, responseEffectsOf } from './request.ts';
import { authenticate } from '../platform/auth/authenticate.ts';
import { findInputProblem, textProblem } from '../input/policy.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { ANONYMOUS, can } from '../platform/principal.ts';
import { createContext, type Context } from './context.ts';
import { DocumentFacts } from './document-facts.ts';
import { isGraphQLError, toGraphQLError } from './errors.ts';

type ServerContext = { req: Request; res: Response };

const DEFAULT_QUERY = `# Atrium GraphQL. Log in with the login mutation (it sets a session cookie),
# then the X-Rest-Nonce header below authenticates your mutations.
query Viewer {
  viewer { loggedIn capabilities user { id username displayName } }
}
`;

/** The operation `args` runs (its document's, by name), worked out once per document and name. */
const operationOf = (facts: DocumentFacts, args: { document: DocumentNode; operationName?: string | null }) =>
  facts.of(args.document, `operation:${JSON.stringify(args.operationName ?? null)}`, () =>
    getOperationAST(args.document, args.operationName ?? undefined),
  );

/** Introspection is for administrators in production (unless GRAPHQL_PUBLIC_INTROSPECTION=true). Checked at
 *  execution, where the caller is known (validation runs before the context is built); the document's verdict is
 *  worked out once. */
function introspectionGuard(platform: Platform, facts: DocumentFacts): Plugin<Context> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (platform.config.graphql.publicIntrospection || can(args.contextValue.principal, 'manage_options')) return;
      const errors = facts.of(args.document, 'introspection', () =>
        validate(args.schema, args.document, [NoSchemaIntrospectionCustomRule]),
      );
      if (errors.length) setResultAndStopExecution({ errors: errors.map(asRequestError) });
    },
  };
}

/** As on REST, a cookie without its nonce does not authenticate a mutation. Nonce-authenticated calls get a fresh nonce. */
function cookieNonceRule(facts: DocumentFacts): Plugin<Context & ServerContext> {
  return {
    onExecute({ args }) {
      const ctx = args.contextValue;
      if (!ctx.session) return;
      const op = operationOf(facts, args);
      if (op?.operation === 'mutation' && ctx.session.nonceStatus !== 'valid') {
        ctx.principal = ANONYMOUS;
        ctx.session = null;
      } else if (ctx.session.nonceStatus === 'valid') {
        ctx.res.setHeader('X-Rest-Nonce', ctx.session.nonce);
      }
    },
  };
}

/** The operation's name for the request's log lines and metrics (`anonymous query` when it has none). */
function operationName(facts: DocumentFacts): Plugin<Context> {
  return {
    onExecute({ args }) {
      const op = operationOf(facts, args);
      if (op) noteRequest({ operation: op.name?.value ?? `anonymous ${op.operation}` });
    },
  };
}

/** A request that cannot run (syntax, validation, armor limits) is a 400 with code and status, like REST. */
function asRequestError(err: Error): GraphQLError {
  const e = isGraphQLError(err) ? err : new GraphQLError(err.message);
  return new GraphQLError(e.message, {
    nodes: e.nodes,
    source: e.source,
    positions: e.positions,
    extensions: {
      ...e.extensions,
      code: e.extensions?.code ?? 'GRAPHQL_VALIDATION_FAILED',
      status: 400,
      http: { status: 400, spec: false },
    },
  });
}

/** The most an operation may cost, page sizes counted (list-cost.ts): e.g. 9 pages of 100 items of 10 fields. */
const MAX_LIST_COST = 10_000;

const policyError = (message: string, code = 'rest_invalid_param') =>
  new GraphQLError(message, { extensions: { code, status: 400, http: { status: 400 } } });

/** The first string literal of a document the input policy refuses (`"\u0000"` is a NUL once parsed), or null. */
function literalProblem(doc: DocumentNode): string | null {
  let found: string | null = null;
  visit(doc, {
    StringValue(node) {
      const problem = textProblem(node.value);
      if (problem) found = `A string literal ${problem}`;
      return found ? BREAK : undefined;
    },
  });
  return found;
}

/** The input policy of both faces (src/input/policy.ts): on the query text and the variables before parsing, and on
 *  the string literals of the parsed document — an escape (`\u0000`, `\uD800`) writes what the raw text does not
 *  show, and a literal reaches a resolver as surely as a variable does. */
function inputPolicy(): Plugin<Context> {
  return {
    onParams({ params, setResult }) {
      const queryProblem = typeof params.query === 'string' ? textProblem(params.query) : null;
      const problem = queryProblem
        ? { kind: 'text', path: 'query', message: queryProblem }
        : findInputProblem(params.variables ?? {});
      if (!problem) return;
      const where = problem.path ? `${problem.path} ` : '';
      setResult({
        errors: [
          policyError(
            `${where}${problem.message}`,
            problem.kind === 'depth' ? 'rest_invalid_json' : 'rest_invalid_param',
          ),
        ],
      });
    },
    onParse({ params }) {
      const source = typeof params.source === 'string' ? params.source : params.source?.body;
      // Only an escape can write a NUL or a lone surrogate the raw text check did not see.
      if (typeof source !== 'string' || !source.includes('\\u')) return;
      return ({ result, replaceParseResult }) => {
        const problem = result && !(result instanceof Error) ? literalProblem(result as DocumentNode) : null;
        if (problem) replaceParseResult(policyError(problem));
      };
    },
  };
}

function requestErrors(): Plugin<Context> {
  return {
    onValidate:
      () =>
      ({ result, setResult }) => {
        if (result.length) setResult(result.map(asRequestError));
      },
  };
}

function asGraphQLError(err: AppError): GraphQLError {
  return new GraphQLError(err.message, {
    extensions: { code: err.code, status: err.status, http: { status: err.status, headers: err.headers } },
  });
}

/** Per platform, what its GraphQL face derived from the documents it ran (tests read `derived`). */
const factsOf = new WeakMap<Platform, DocumentFacts>();
export function graphqlDocumentFacts(platform: Platform): DocumentFacts {
  let facts = factsOf.get(platform);
  if (!facts) factsOf.set(platform, (facts = new DocumentFacts()));
  return facts;
}

export function graphqlHandler(platform: Platform, schema: GraphQLSchema) {
  const { config, logger } = platform;
  const facts = graphqlDocumentFacts(platform);
  const yoga = createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // CORS is the app's one policy for both faces (src/http/cors.ts); yoga's default reflects any origin.
    cors: false,
    // Bodies are bounded before yoga (express.json: BODY_LIMIT; multipart: UPLOAD_LIMIT, 413 by declared length);
    // yoga's own default (25 MB) would refuse an upload UPLOAD_LIMIT allows.
    maxRequestBodySize: Math.max(config.uploadLimit, config.bodyLimit),
    // Yoga reports every error it answers — a client's syntax error as much as a crash — at its error level.
    // Unexpected errors are logged once, by maskError (describeError); what yoga says goes to debug, so anonymous
    // callers cannot flood the error log.
    logging: { debug: () => {}, info: () => {}, warn: (...a) => logger.warn(a), error: (...a) => logger.debug(a) },
    maskedErrors: {
      maskError: (err) => {
        const masked = toGraphQLError(err, logger);
        metricsFor(platform).errors.inc({ code: String(masked.extensions.code) });
        return masked;
      },
    },
    renderGraphiQL: renderGraphiQLPage,
    graphiql: config.graphql.graphiql
      ? async (_request, serverContext) => {
          const { req } = serverContext as ServerContext;
          const auth = await Promise.resolve()
            .then(() => authenticate(platform, authRequestOf(req)))
            .catch(() => null);
          return {
            title: 'Atrium GraphiQL',
            defaultQuery: DEFAULT_QUERY,
            headers: auth?.session ? JSON.stringify({ 'X-Rest-Nonce': auth.session.nonce }, null, 2) : undefined,
          };
        }
      : false,
    context: async ({ req, res }) => {
      try {
        const auth = await authenticate(platform, authRequestOf(req));
        if (auth.session?.nonceStatus === 'invalid')
          throw new AppError('rest_cookie_invalid_nonce', 'Cookie check failed');
        return createContext(platform, auth, requestInfoOf(req), responseEffectsOf(res));
      } catch (err) {
        throw err instanceof AppError ? asGraphQLError(err) : err;
      }
    },
    plugins: [
      inputPolicy(),
      EnvelopArmorPlugin({
        maxDepth: { n: 12, ignoreIntrospection: true },
        // Aliases are how clients shape answers (the REST selections use dozens); amplification is the cost limit's job.
        maxAliases: { n: 60 },
        maxTokens: { n: 3000 },
        maxDirectives: { n: 20 },
        costLimit: { maxCost: 5000, ignoreIntrospection: true },
        blockFieldSuggestion: { enabled: config.production },
      }),
      listCostLimit(MAX_LIST_COST, facts),
      introspectionGuard(platform, facts),
      requestErrors(),
      cookieNonceRule(facts),
      operationName(facts),
    ],
  });
  return (req: Request, res: Response) => yoga.handle(req, res, { req, res });
}
