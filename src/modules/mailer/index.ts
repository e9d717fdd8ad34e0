// Mailing (mailer/v1): subscribers, lists, tags, segments, campaigns sent in the background with tracking and
// one-click unsubscribe, inbound events by API key, and the forms module's subscription requests.
import './events.ts';
import type { Module } from '../module.ts';
import { mailerConfig } from './config.ts';
import { mailerErrors } from './errors.ts';
import { MAILER_EVENTS_SCOPE, MAILER_MANAGE, mailerCapabilities } from './capabilities.ts';
import { checks } from './checks.ts';
import { mailerCli } from './cli.ts';
import { mailerHttp } from './http.ts';
import { jobs } from './jobs.ts';
import { audienceSchema } from './graphql/audience.ts';
import { campaignsSchema } from './graphql/campaigns.ts';
import { dashboardSchema } from './graphql/dashboard.ts';
import { segmentsSchema } from './graphql/segments.ts';
import { batchTask } from './send/batch.ts';
import { handleSubscriptionRequest } from './service/inbound.ts';
import { durable } from '../../platform/events.ts';
import { mailerMetrics } from './metrics.ts';

export const mailer: Module = {
  name: 'mailer',
  config: mailerConfig,
  errors: mailerErrors.table,
  // Inbound event senders (and older clients) send their API key in this header rather than Authorization.
  credentials: { apiKeyHeaders: ['X-Mailer-Key'] },
  schema(builder) {
    audienceSchema(builder);
    campaignsSchema(builder);
    segmentsSchema(builder);
    dashboardSchema(builder);
  },
  jobs,
  tasks: [batchTask],
  checks,
  capabilities: mailerCapabilities,
  // Inbound events subscribe, unsubscribe and tag any address: the key's owner must be able to manage the audience.
  apiScopes: { [MAILER_EVENTS_SCOPE]: MAILER_MANAGE },
  http: mailerHttp,
  cli: mailerCli,
  listeners: [
    durable({
      event: 'mailing/subscription/requested',
      name: 'mailer/on/subscription-requested',
      handle: handleSubscriptionRequest,
    }),
  ],
  setup(platform) {
    mailerMetrics(platform);
  },
};
