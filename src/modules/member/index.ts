// Membership (member/v1), in five parts, each a folder whose index.ts exports one object (src/modules/member/part.ts):
// the core (plans, memberships, members, access rules and the one access service) and the learning, community,
// insight and importer parts beside it. A part adds its schema, commands, endpoints, jobs, set-up and access
// targets to its own object; this list joins them into the one Module.
import type { Module } from '../module.ts';
import { community } from './community/index.ts';
import { memberCapabilities } from './core/capabilities.ts';
import { memberConfig } from './core/config.ts';
import { memberErrors } from './core/errors.ts';
import { core } from './core/index.ts';
import { importer } from './importer/index.ts';
import { insight } from './insight/index.ts';
import { learning } from './learning/index.ts';
import { joinParts, type MemberPart } from './part.ts';

/** The membership module of these parts (the core first); tests build one of fewer parts. */
export const memberOf = (parts: readonly MemberPart[]): Module => ({
  name: 'member',
  config: memberConfig,
  errors: memberErrors.table,
  capabilities: memberCapabilities,
  ...joinParts(parts),
});

export const member = memberOf([core, learning, community, insight, importer]);
