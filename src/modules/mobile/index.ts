// Mobile access (mobile/v1): password login for apps with short-lived access tokens and rotating refresh tokens
// bound to the device, login throttling for every password path, device sessions, and API keys over REST.
import './events.ts';
import type { Module } from '../module.ts';
import { mobileConfig } from './config.ts';
import { mobileErrors } from './errors.ts';
import { checks } from './checks.ts';
import { mobileCli } from './cli.ts';
import { jobs } from './jobs.ts';
import { mobileApiKeysSchema } from './graphql/api-keys.ts';
import { mobileAuthSchema } from './graphql/auth.ts';
import { mobileSessionsSchema } from './graphql/sessions.ts';
import { assertProductionSecrets } from './secrets.ts';
import { loginThrottle } from './throttle.ts';
import { accessTokenVerifier } from './verifier.ts';

export const mobile: Module = {
  name: 'mobile',
  config: mobileConfig,
  corsHeaders: ['X-App-Install-Id'],
  credentials: { authMethods: { jwt: 'A mobile access token (a JWT of a device session: Authorization: Bearer).' } },
  errors: mobileErrors.table,
  schema(builder) {
    mobileAuthSchema(builder);
    mobileSessionsSchema(builder);
    mobileApiKeysSchema(builder);
  },
  jobs,
  checks,
  cli: mobileCli,
  setup(platform) {
    assertProductionSecrets(platform.config);
    platform.auth.bearer.push(accessTokenVerifier(platform));
    platform.auth.loginGuards.push(loginThrottle(platform));
  },
};
