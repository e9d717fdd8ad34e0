// The platform checks the site-health module ships (other modules add theirs through Module.checks).
import type { HealthCheck } from '../../../platform/health.ts';
import { accountChecks } from './accounts.ts';
import { configurationChecks } from './configuration.ts';
import { dataChecks } from './data.ts';
import { performanceChecks } from './performance.ts';
import { securityChecks } from './security.ts';

export const checks: HealthCheck[] = [
  ...securityChecks,
  ...accountChecks,
  ...configurationChecks,
  ...performanceChecks,
  ...dataChecks,
];
