// Mailing (mailer/v1): subscribers, lists, tags, segments, campaigns sent in the background with tracking and
// one-click unsubscribe, inbound events by API key, and the forms module's subscription requests.
import './events.ts';
import './graphql/types.ts';
import './graphql/audience.ts';
import './graphql/campaigns.ts';
import './graphql/segments.ts';
import './graphql/dashboard.ts';
import type { Module } from '../../platform/module.ts';
import { MAILER_EVENTS_SCOPE, mailerCapabilities } from './capabilities.ts';
import { checks } from './checks.ts';
import { mailerCli } from './cli.ts';
import { mailerHttp } from './http.ts';
import { jobs } from './jobs.ts';
import { routes } from './routes.ts';
import { stopSending } from './send/sender.ts';
import { handleSubscriptionRequest } from './service/inbound.ts';

export const mailer: Module = {
  name: 'mailer',
  routes,
  jobs,
  checks,
  capabilities: mailerCapabilities,
  apiScopes: [MAILER_EVENTS_SCOPE],
  http: mailerHttp,
  cli: mailerCli,
  setup(platform) {
    platform.events.on('mailing/subscription/requested', async (req) => {
      await handleSubscriptionRequest(platform, req);
    });
  },
  stop: (platform) => stopSending(platform),
};
