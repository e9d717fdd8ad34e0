// A module is one object the core registers, the way the host platform's plugins are. Its GraphQL types and fields
// register themselves when its index imports its schema file.
import type { Command } from 'commander';
import type { Router } from 'express';
import type { RestRoute } from '../rest/route.ts';
import type { RoleGrants } from './capabilities.ts';
import type { HealthCheck } from './health.ts';
import type { JobDefinition } from './jobs.ts';
import type { Platform } from './platform.ts';

export interface CliContext {
  /** Opens the database and platform once for the command (migrations applied). */
  platform(): Promise<Platform>;
  /** Prints rows in the format the operator chose with --format (table, json, csv). */
  print(rows: Record<string, unknown>[] | Record<string, unknown>, columns?: string[]): void;
  /** Prints a one-line success message (wp-cli style: "Success: …"). */
  success(message: string): void;
}

export interface Module {
  name: string;
  /** REST routes (full paths, e.g. /mailer/v1/subscribers). */
  routes?: readonly RestRoute[];
  /** Scheduled jobs (node-cron), each run claimed once per period across instances. */
  jobs?: readonly JobDefinition[];
  /** Capabilities the module grants to roles when installed. */
  capabilities?: RoleGrants;
  /** API-key scopes the module's fields accept (e.g. mailer:events). */
  apiScopes?: readonly string[];
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
