// REST routes of intel/v1: each runs one GraphQL operation of schema.ts.
import { bool, int, str } from '../../input/rules.ts';
import { route } from '../../rest/route.ts';
import { STATUSES } from './score.ts';
import { SNAPSHOT_LIMIT } from './service.ts';

const CHECK = 'id category label status message detail score_impact: scoreImpact';

export const routes = [
  route('GET', '/intel/v1/health-score', {
    summary: 'Score, grade and counts of the latest scan (public when the Allow public REST setting is on)',
    operation: `query { healthScore { score grade critical warning scanned } }`,
  }),
  route('GET', '/intel/v1/checks', {
    summary: 'Check results of the latest scan',
    args: { status: str({ enum: STATUSES, description: 'Only results with this status.' }) },
    operation: `query ($status: String) { healthChecks(status: $status) { checks { ${CHECK} } total } }`,
  }),
  route('GET', '/intel/v1/snapshots', {
    summary: 'Score history, newest first',
    args: { limit: int({ default: SNAPSHOT_LIMIT.default, minimum: SNAPSHOT_LIMIT.min, maximum: SNAPSHOT_LIMIT.max }) },
    operation: `query ($limit: Int) { healthSnapshots(limit: $limit) { scan_id: scanId score grade critical warning info ok checks scanned } }`,
  }),
  route('POST', '/intel/v1/scan', {
    summary: 'Run every check now and store the scan (duration in milliseconds)',
    operation: `mutation { runHealthScan { scan_id: scanId score critical warning duration checks } }`,
  }),
  route('GET', '/intel/v1/settings', {
    summary: 'Site health settings',
    operation: `query { intelSettings { allow_public_rest: allowPublicRest } }`,
  }),
  route('PUT', '/intel/v1/settings', {
    summary: 'Change site health settings',
    args: { allow_public_rest: bool({ required: true, description: 'Open GET /intel/v1/health-score to anyone.' }) },
    operation: `mutation ($allowPublicRest: Boolean!) { updateIntelSettings(allowPublicRest: $allowPublicRest) { allow_public_rest: allowPublicRest } }`,
  }),
];
