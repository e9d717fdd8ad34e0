// What the platform registers of a module: its config keys, credentials, errors, capabilities, jobs, checks and
// life cycle. The faces' parts of a module (schema, CLI commands, HTTP endpoints) are theirs: the whole Module
// type is src/modules/module.ts, so the platform knows no face, no express and no commander.
import type { RoleGrants } from './capabilities.ts';
import type { HealthCheck } from './health.ts';
import type { JobDefinition } from './jobs.ts';
import type { ModuleConfig } from './module-config.ts';
import type { Platform } from './platform.ts';
import type { DurableListener } from './events.ts';
import type { TaskDefinition } from './tasks.ts';
import type { AuthMethod } from './principal.ts';

/** Credentials a module accepts beyond `Authorization`. */
export interface ModuleCredentials {
  /** Headers that carry an API key (svc_…), read after `Authorization`, e.g. ['X-Mailer-Key']. They are allowed in
   *  CORS, redacted in logs and documented as OpenAPI apiKey schemes. */
  apiKeyHeaders?: readonly string[];
  /** The auth methods the module's credentials add (the names it adds to `AuthMethods`), each described for clients:
   *  the values of GraphQL's AuthMethod enum are those registered when the schema is built. */
  authMethods?: Readonly<Partial<Record<AuthMethod, string>>>;
}

export interface PlatformModule {
  name: string;
  /** The module's environment keys and the config section built from them (`platform.config.<name>`). */
  config?: ModuleConfig;
  credentials?: ModuleCredentials;
  /** Further request headers browsers may send cross-origin (CORS preflight), e.g. ['X-App-Install-Id']. */
  corsHeaders?: readonly string[];
  /** The module's error codes whose status the naming rules do not give (`<ns>_not_found` 404, `_exists`/`_conflict`
   *  409, else 400), e.g. { token_expired: 401 }; its errors are built with `defineErrors` (src/platform/errors.ts). */
  errors?: Readonly<Record<string, number>>;
  /** Scheduled jobs: node-cron fires, each period's run is one job (claimed once across instances). */
  jobs?: readonly JobDefinition[];
  /** Tasks the module's code enqueues (`after.enqueue`, `platform.queue.add`), run by any instance's workers. */
  tasks?: readonly TaskDefinition<any>[];
  /** Durable listeners: each runs as its own job for every emission of its event, retried until it succeeds. */
  listeners?: readonly DurableListener[];
  /** Capabilities the module grants to roles when installed. */
  capabilities?: RoleGrants;
  /** API-key scopes the module's fields accept, each with the capability it stands for
   *  (e.g. { 'mailer:events': 'mailer_manage' }): only an owner holding that capability may grant or use it. */
  apiScopes?: Readonly<Record<string, string>>;
  /** Site-health checks the module contributes. */
  checks?: readonly HealthCheck[];
  /** Wires listeners, filters and auth extensions into a new platform (runs for every platform instance). */
  setup?: (platform: Platform) => void | Promise<void>;
  /** Runs after migrations and setup, before the server listens (load catalogs, fire ready actions). */
  start?: (platform: Platform) => Promise<void>;
  /** Releases what start() acquired. */
  stop?: (platform: Platform) => Promise<void>;
}
