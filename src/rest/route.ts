// A REST route as the table holds it: method, path, argument declarations and the GraphQL operation it runs —
// derived from the rest() bindings on the schema's fields (src/rest/derive.ts), never written by hand.
import type { ArgSpec } from '../input/rules.ts';
import type { Validated } from '../platform/validation.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteRequest {
  /** Header value by lower-case name. */
  header(name: string): string | undefined;
  /** The parsed body object, undeclared keys included (for routes whose body keys are data, e.g. form submissions). */
  body: Record<string, unknown>;
}

export interface RestRoute {
  method: HttpMethod;
  /** Full path with namespace; parameters as `:name`, e.g. `/mailer/v1/subscribers/:id`. */
  path: string;
  summary: string;
  /** Path, query and body arguments (path parameters must be declared here too). */
  args: Record<string, ArgSpec>;
  /** The arguments of `args` only REST has (rest()'s `args`): checked by their specs, where the field's own arguments
   *  are checked by its declaration. */
  restOnly?: readonly string[];
  /** The root field the operation calls (`Mutation.createMailerSubscriber`). */
  field?: string;
  /** Validates the operation's variables against the field's declaration (the one validator); zod's output. */
  validateArgs?: (variables: Record<string, unknown>) => Validated<Record<string, unknown>>;
  /** The GraphQL operation, validated against the schema when the route first runs. Alias fields to snake_case. */
  operation: string;
  /** Variables from validated args. Default: each variable takes the arg of its snake_case name, and a variable
   *  named `input` takes every remaining arg with camelCase keys. */
  variables?: (args: Record<string, any>, req: RouteRequest) => Record<string, unknown>;
  /** The response body from the operation's data. Default: the value of its single root field. */
  result?: (data: any, args: Record<string, any>) => unknown;
  /** Success status (201 for creates, 202 when work continues in the background). */
  status?: number;
  /** The result is an offset page ({items,total,page,perPage,totalPages}): answer the items with X-WP-* headers. */
  paginated?: boolean;
  /** The result is an offset page the route reads to its end: answer every item (no paging arguments or headers). */
  everyPage?: boolean;
  /** How `result` reshapes the selection's JSON schema (for the OpenAPI document). */
  describeResult?: (schema: Record<string, unknown>) => Record<string, unknown>;
  /** The OpenAPI operationId (default: from the method and path). */
  operationId?: string;
  /** Error statuses this route can answer beyond those its shape implies (e.g. 409, 429). */
  errors?: readonly number[];
  /** Request headers the route reads (documented as header parameters). */
  headers?: Record<string, HeaderSpec>;
}

export interface HeaderSpec {
  description: string;
  required?: boolean;
  format?: string;
}
