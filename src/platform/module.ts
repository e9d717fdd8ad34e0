// A module is one object the core registers, the way the host platform's plugins are. The module list decides
// everything an instance serves: GraphQL types and fields (with their REST bindings), jobs, checks, CLI commands.
import type { Command } from 'commander';
import type { Router } from 'express';
import type { Builder } from '../graphql/builder.ts';
import type { RoleGrants } from './capabilities.ts';
import type { HealthCheck } from './health.ts';
import type { JobDefinition } from './jobs.ts';
import type { ModuleConfig } from './module-config.ts';
import type { Platform } from './platform.ts';
import type { DurableListener, TaskDefinition } from './tasks.ts';

export interface CliContext {
  /** Opens the database and platform once for the command (migrations applied). */
  platform(): Promise<Platform>;
  /** Prints rows in the format the operator chose with --format (table, json, csv). */
  print(rows: Record<string, unknown>[] | Record<string, unknown>, columns?: string[]): void;
  /** Prints a one-line success message (wp-cli style: "Success: …"). */
  success(message: string): void;
}

/** Credentials a module accepts beyond `Authorization`. */
export interface ModuleCredentials {
  /** Headers that carry an API key (svc_…), read after `Authorization`, e.g. ['X-Mailer-Key']. They are allowed in
   *  CORS, redacted in logs and documented as OpenAPI apiKey schemes. */
  apiKeyHeaders?: readonly string[];
}

export interface Module {
  name: string;
  /** The module's environment keys and the config section built from them (`platform.config.<name>`). */
  config?: ModuleConfig;
  credentials?: ModuleCredentials;
  /** Further request headers browsers may send cross-origin (CORS preflight), e.g. ['X-App-Install-Id']. */
  corsHeaders?: readonly string[];
  /** The module's error codes whose status the naming rules do not give (`<ns>_not_found` 404, `_exists`/`_conflict`
   *  409, else 400), e.g. { token_expired: 401 }; its errors are built with `defineErrors` (src/platform/errors.ts). */
  errors?: Readonly<Record<string, number>>;
  /** Registers the module's GraphQL types and fields on a new builder; fields carry their REST bindings (`rest()`). */
  schema?: (builder: Builder) => void;
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
  /** Non-JSON HTTP endpoints outside /wp-json (tracking pixels, redirects, unsubscribe pages), mounted at the root. */
  http?: (router: Router, platform: Platform) => void;
  /** Adds the module's commands to the `atrium` CLI. */
  cli?: (program: Command, cli: CliContext) => void;
  /** Wires listeners, filters and auth extensions into a new platform (runs for every platform instance). */
  setup?: (platform: Platform) => void | Promise<void>;
  /** Runs after migrations and setup, before the server listens (load catalogs, fire ready actions). */
  start?: (platform: Platform) => Promise<void>;
  /** Releases what start() acquired. */
  stop?: (platform: Platform) => Promise<void>;
}
