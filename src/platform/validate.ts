// Service-side input validation with zod; failures become ValidationError (400 rest_invalid_param) with one message
// per argument, so both faces report them alike. Argument names stay camelCase here; REST shows them snake_case.
import { z } from 'zod';
import { ValidationError } from './errors.ts';

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const params: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.length ? issue.path.map(String).join('.') : 'input';
    params[name] ??= issue.message;
  }
  throw new ValidationError(params);
}

/** Lower-cased, trimmed e-mail address with a practical syntax check. */
export const email = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Invalid email address.')
    .pipe(z.email({ error: 'Invalid email address.' }));
