// REST face of mailer/v1: thin routes over the GraphQL fields (the same access rules and errors on both faces).
import { audienceRoutes } from './routes/audience.ts';
import { campaignRoutes } from './routes/campaigns.ts';

export const routes = [...audienceRoutes, ...campaignRoutes];
