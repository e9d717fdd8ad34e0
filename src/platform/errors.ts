// Application errors: one code -> HTTP status table shared by both faces. Services throw these; GraphQL shows them
// as extensions.code/status, REST as the WordPress error body. Anything else is masked as internal_error.
// The table holds the platform's codes only; a module brings its own (Module.errors, built with defineErrors).

const STATUS_BY_CODE: Record<string, number> = {
  rest_no_route: 404,
  rest_invalid_json: 400,
  rest_missing_callback_param: 400,
  rest_invalid_param: 400,
  rest_post_invalid_page_number: 400,
  rest_payload_too_large: 413,
  rest_forbidden: 403,
  rest_not_logged_in: 401,
  rest_cookie_invalid_nonce: 403,
  invalid_credentials: 401,
  token_invalid: 401,
  api_key_required: 401,
  api_key_invalid: 401,
  rate_limited: 429,
  // A database refusal no service caught (src/platform/database-errors.ts).
  record_exists: 409,
  record_not_found: 404,
  record_conflict: 409,
  internal_error: 500,
};

/** Status of a code: the table, then the naming conventions `<ns>_not_found` (404) and `<ns>_exists`/`_conflict` (409). */
export function statusOf(code: string): number {
  const known = STATUS_BY_CODE[code];
  if (known) return known;
  if (code.endsWith('_not_found')) return 404;
  if (code.endsWith('_exists') || code.endsWith('_conflict')) return 409;
  return 400;
}

export interface AppErrorOptions {
  status?: number;
  /** Extra fields for the `data` member of the REST body and GraphQL extensions (never secrets). */
  data?: Record<string, unknown>;
  /** Response headers the error implies (Retry-After, Allow). */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: string, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.code = code;
    this.status = options.status ?? statusOf(code);
    this.data = options.data ?? {};
    this.headers = options.headers ?? {};
  }
}

export function notFound(code: string, message = 'Not found.'): AppError {
  return new AppError(code, message, { status: 404 });
}

export function conflict(code: string, message: string): AppError {
  return new AppError(code, message, { status: 409 });
}

/** An argument failed validation. `params` maps each argument name to its message, as WordPress does. */
export class ValidationError extends AppError {
  constructor(params: Record<string, string>, details?: Record<string, { code: string; message: string }>) {
    const names = Object.keys(params);
    super('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, {
      data: {
        params,
        details:
          details ??
          Object.fromEntries(names.map((n) => [n, { code: 'rest_invalid_param', message: params[n], data: null }])),
      },
    });
  }
}

export function invalid(param: string, message: string): ValidationError {
  return new ValidationError({ [param]: message });
}

/** Too many requests (429): sets Retry-After (seconds). `rate_limited`, or a module's own code. */
export function tooMany(code: string, message: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(code, message, {
    status: 429,
    headers: { 'Retry-After': String(seconds) },
    data: { retry_after: seconds },
  });
}

/**
 * A module's code -> status table and the constructor of its errors, for codes the naming rules do not cover:
 * `export const mobileErrors = defineErrors({ token_expired: 401 })`, then `throw mobileErrors.error('token_expired', …)`
 * and `Module.errors = mobileErrors.table`.
 */
export function defineErrors<const T extends Record<string, number>>(table: T) {
  return {
    table,
    error: (code: keyof T & string, message: string, options: AppErrorOptions = {}) =>
      new AppError(code, message, { status: table[code], ...options }),
  };
}

/** Start-up rule: one code has one status, whichever module or the platform declares it. */
export function assertErrorTables(
  modules: readonly { name: string; errors?: Readonly<Record<string, number>> }[],
): void {
  const owner = new Map<string, { by: string; status: number }>(
    Object.entries(STATUS_BY_CODE).map(([c, status]) => [c, { by: 'the platform', status }]),
  );
  for (const m of modules) {
    for (const [code, status] of Object.entries(m.errors ?? {})) {
      const first = owner.get(code);
      if (first && first.status !== status)
        throw new Error(`Error code ${code} is ${first.status} for ${first.by} but ${status} for module ${m.name}.`);
      owner.set(code, { by: `module ${m.name}`, status });
    }
  }
}
