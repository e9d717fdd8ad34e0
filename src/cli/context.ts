// What a module's commands get from the `atrium` CLI (src/app/cli.ts builds it): the platform opened on demand, the
// instance's GraphQL operations run in-process, and output in the format the operator chose.
import type { Command } from 'commander';
import type { Platform } from '../platform/platform.ts';

export interface CliContext {
  /** Opens the database and platform once for the command (migrations applied). */
  platform(): Promise<Platform>;
  /** Runs a GraphQL operation of the installed modules' schema as the system (every capability), so a command
   *  answers exactly what the API answers; the first error is thrown. */
  graphql<T = Record<string, unknown>>(document: string, variables?: Record<string, unknown>): Promise<T>;
  /** Prints rows in the format the operator chose with --format (table, json, csv). */
  print(rows: Record<string, unknown>[] | Record<string, unknown>, columns?: string[]): void;
  /** Prints a one-line success message (wp-cli style: "Success: …"). */
  success(message: string): void;
  /** A write's outcome: `message` as success() on stderr, and the created or changed object on stdout in the chosen
   *  format (with --format=json an array of one row, like every listing), so a script reads what it changed. */
  changed(message: string, object: Record<string, unknown> | Record<string, unknown>[], columns?: string[]): void;
}

/** What the CLI takes from a module: its commands. */
export interface CliModule {
  /** Adds the module's commands to the `atrium` CLI. */
  cli?: (program: Command, cli: CliContext) => void;
}
