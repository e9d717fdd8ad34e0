// Forms (forms/v1): forms that validate, store entries, notify by e-mail and feed the mailing list through the bus.
import './events.ts';
import type { Module } from '../module.ts';
import { formsConfig } from './config.ts';
import { formsCapabilities } from './capabilities.ts';
import { checks } from './checks.ts';
import { formsCli } from './cli.ts';
import { jobs } from './jobs.ts';
import { notifyTask } from './notify/task.ts';
import { entrySchema } from './graphql/entry.ts';
import { entryTypeSchema } from './graphql/entry-type.ts';
import { formSchema } from './graphql/form.ts';
import { submitSchema } from './graphql/submit.ts';

export const forms: Module = {
  name: 'forms',
  config: formsConfig,
  schema(builder) {
    entryTypeSchema(builder);
    formSchema(builder);
    entrySchema(builder);
    submitSchema(builder);
  },
  capabilities: formsCapabilities,
  jobs,
  tasks: [notifyTask],
  checks,
  cli: formsCli,
};
