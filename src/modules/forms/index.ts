// Forms (forms/v1): forms that validate, store entries, notify by e-mail and feed the mailing list through the bus.
import './events.ts';
import './graphql/form.ts';
import './graphql/entry.ts';
import './graphql/submit.ts';
import type { Module } from '../../platform/module.ts';
import { formsCapabilities } from './capabilities.ts';
import { checks } from './checks.ts';
import { formsCli } from './cli.ts';
import { jobs } from './jobs.ts';
import { settleDeliveries } from './notify/send.ts';
import { routes } from './routes.ts';

export const forms: Module = {
  name: 'forms',
  routes,
  capabilities: formsCapabilities,
  jobs,
  checks,
  cli: formsCli,
  stop: (platform) => settleDeliveries(platform),
};
