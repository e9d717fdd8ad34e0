// How @pothos/plugin-validation failures read: the issues of the one input validator (src/platform/validation.ts) carry
// their WordPress code and REST name; any other schema's issues are plain rest_invalid_param messages.
import { validationError } from '../platform/validation.ts';

interface Failure {
  issues: readonly { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[]; code?: string }[];
}

export function validationFailure(failure: Failure) {
  return validationError(
    failure.issues.map((issue) => ({
      name: (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.') || 'input',
      code: issue.code ?? 'rest_invalid_param',
      message: issue.message,
    })),
  );
}
