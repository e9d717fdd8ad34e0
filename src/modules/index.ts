// Every installed module, in load order. Importing a module registers its GraphQL types and fields.
import type { Module } from './module.ts';
import { core } from './core/index.ts';
import { forms } from './forms/index.ts';
import { intel } from './intel/index.ts';
import { mailer } from './mailer/index.ts';
import { member } from './member/index.ts';
import { mobile } from './mobile/index.ts';
import { templates } from './templates/index.ts';

export const modules: readonly Module[] = [core, mobile, templates, forms, intel, mailer, member];
