// A module is one object the platform registers, the way the host platform's plugins are. The module list
// (src/modules/index.ts) decides everything an instance serves: what the platform registers (config keys,
// credentials, errors, capabilities, jobs, checks, life cycle: src/platform/module.ts), and each face's part —
// GraphQL types and fields with their REST bindings, CLI commands, non-JSON HTTP endpoints.
import type { Router } from 'express';
import type { CliModule } from '../cli/context.ts';
import type { SchemaModule } from '../graphql/builder.ts';
import type { PlatformModule } from '../platform/module.ts';
import type { Platform } from '../platform/platform.ts';

export interface Module extends PlatformModule, SchemaModule, CliModule {
  /** Non-JSON HTTP endpoints outside /wp-json (tracking pixels, redirects, unsubscribe pages), mounted at the root. */
  http?: (router: Router, platform: Platform) => void;
}
