// The mobile module's error codes whose status the naming rules do not give (DECISIONS.md, mobile rows).
// token_invalid is the platform's (any bearer token); device_required follows the default 400.
import { defineErrors } from '../../platform/errors.ts';

export const mobileErrors = defineErrors({
  token_expired: 401,
  token_reused: 401,
  device_mismatch: 401,
  too_many_attempts: 429,
});
