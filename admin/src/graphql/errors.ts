// Reading the server's errors: its message (what the user is shown when a call is refused) and, for validation
// errors (rest_invalid_param, rest_missing_callback_param), the field each message names. On GraphQL the server names
// declared arguments by their GraphQL names, with brackets for nesting; a service's own check may still name a field
// in snake_case. The console's forms use GraphQL (camelCase) names and dot paths.
import type { CombinedError } from 'urql';

export interface ServerError {
  code: string | null;
  message: string;
  /** camelCase field name -> message, when the server named fields. */
  fields: Record<string, string>;
}

/** `trial_days` -> `trialDays`; `questions[0][answer]` -> `questions.0.answer` (a form's nested path). */
const camel = (name: string) =>
  name.replace(/\[(\w+)\]/g, '.$1').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function readServerError(error: CombinedError): ServerError {
  const first = error.graphQLErrors[0];
  if (!first)
    return { code: null, message: error.networkError ? 'The server could not be reached.' : error.message, fields: {} };
  const extensions = (first.extensions ?? {}) as { code?: string; data?: { params?: unknown } };
  const params = extensions.data?.params;
  const fields: Record<string, string> = {};
  if (Array.isArray(params)) for (const name of params) fields[camel(String(name))] = 'Required.';
  else if (params && typeof params === 'object') {
    for (const [name, message] of Object.entries(params)) fields[camel(name)] = String(message);
  }
  return { code: extensions.code ?? null, message: first.message, fields };
}
