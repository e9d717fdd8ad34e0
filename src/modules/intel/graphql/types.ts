// GraphQL object types of site health. Field names are the camelCase of the REST keys (score_impact: scoreImpact).
import { schemaPart } from '../../../graphql/builder.ts';
import { enumType } from '../../../graphql/zod-args.ts';
import type { IntelCheckResult, IntelSnapshot } from '../../../generated/prisma/client.ts';
import { HealthCategory, HealthGrade, HealthStatus } from '../score.ts';

const SCANNED = 'When the scan finished (REST: YYYY-MM-DD HH:MM:SS in UTC).';
const SCAN_ID = 'Id of the scan (scan_id in REST).';
const SCORE = '0–100: 100 minus the score impacts of the checks that are not ok, at least 0.';
const GRADE = 'Letter for the score: A (90+), B (80+), C (70+), D (60+) or F.';
const CRITICAL = 'Checks with status critical.';
const WARNING = 'Checks with status warning.';

export interface ScanShape {
  scanId: number;
  score: number;
  grade: string;
  critical: number;
  warning: number;
  info: number;
  ok: number;
  checks: number;
  duration: number;
  scannedAt: Date;
}

export const intelTypes = schemaPart((builder) => {
  const Grade = enumType(builder, HealthGrade);
  const Status = enumType(builder, HealthStatus);
  const Category = enumType(builder, HealthCategory);
  const HealthScoreRef = builder
    .objectRef<{ scanId: number; score: number; grade: string; critical: number; warning: number; scannedAt: Date }>(
      'HealthScore',
    )
    .implement({
      description: 'The score of the most recent scan.',
      fields: (t) => ({
        scanId: t.exposeInt('scanId', { description: SCAN_ID }),
        score: t.exposeInt('score', { description: SCORE }),
        grade: t.expose('grade', { type: Grade, description: GRADE }),
        critical: t.exposeInt('critical', { description: CRITICAL }),
        warning: t.exposeInt('warning', { description: WARNING }),
        scanned: t.expose('scannedAt', { type: 'DateTime', description: SCANNED }),
      }),
    });

  const CheckResultRef = builder.objectRef<IntelCheckResult>('HealthCheckResult').implement({
    description: 'What one check answered in a scan.',
    fields: (t) => ({
      id: t.exposeString('checkId', { description: 'The check id, e.g. cors_credentials_wildcard.' }),
      category: t.expose('category', { type: Category, description: 'security, configuration, performance or data.' }),
      label: t.exposeString('label', { description: 'Human-readable name of the check.' }),
      status: t.expose('status', {
        type: Status,
        description: 'critical, warning, info or ok (a check that failed or timed out reports warning).',
      }),
      message: t.exposeString('message', { description: 'What the check found (at most 500 characters).' }),
      detail: t.exposeString('detail', {
        description: 'More detail or advice (at most 4,000 characters); empty when none.',
      }),
      scoreImpact: t.exposeInt('scoreImpact', { description: 'Points this result takes from the score (0 when ok).' }),
    }),
  });

  const ChecksRef = builder
    .objectRef<{ scanId: number; checks: IntelCheckResult[]; total: number }>('HealthChecks')
    .implement({
      description: 'The check results of the latest scan.',
      fields: (t) => ({
        scanId: t.exposeInt('scanId', { description: 'Id of the scan the results come from.' }),
        checks: t.field({
          type: [CheckResultRef],
          description: 'Results in registration order, filtered by status when asked.',
          resolve: (r) => r.checks,
        }),
        total: t.exposeInt('total', { description: 'Number of checks listed.' }),
      }),
    });

  const counts = {
    info: 'Checks with status info.',
    ok: 'Checks with status ok.',
    checks: 'Number of checks run.',
  };

  const SnapshotRef = builder.objectRef<IntelSnapshot>('HealthSnapshot').implement({
    description: 'The summary of one past scan (kept after the scan details are pruned).',
    fields: (t) => ({
      scanId: t.exposeInt('scanId', { nullable: true, description: 'Null once the scan details were pruned.' }),
      score: t.exposeInt('score', { description: SCORE }),
      grade: t.expose('grade', { type: Grade, description: GRADE }),
      critical: t.exposeInt('critical', { description: CRITICAL }),
      warning: t.exposeInt('warning', { description: WARNING }),
      info: t.exposeInt('info', { description: counts.info }),
      ok: t.exposeInt('ok', { description: counts.ok }),
      checks: t.exposeInt('checks', { description: counts.checks }),
      scanned: t.expose('scannedAt', { type: 'DateTime', description: SCANNED }),
    }),
  });

  const ScanRef = builder.objectRef<ScanShape>('HealthScan').implement({
    description: 'The outcome of a scan that just ran.',
    fields: (t) => ({
      scanId: t.exposeInt('scanId', { description: SCAN_ID }),
      score: t.exposeInt('score', { description: SCORE }),
      grade: t.expose('grade', { type: Grade, description: GRADE }),
      critical: t.exposeInt('critical', { description: CRITICAL }),
      warning: t.exposeInt('warning', { description: WARNING }),
      info: t.exposeInt('info', { description: counts.info }),
      ok: t.exposeInt('ok', { description: counts.ok }),
      checks: t.exposeInt('checks', { description: counts.checks }),
      duration: t.exposeInt('duration', { description: 'Wall-clock time the checks took, in milliseconds.' }),
      scanned: t.expose('scannedAt', { type: 'DateTime', description: SCANNED }),
    }),
  });

  const IntelSettingsRef = builder.objectRef<{ allowPublicRest: boolean }>('IntelSettings').implement({
    description: 'Site health settings (stored as site options).',
    fields: (t) => ({
      allowPublicRest: t.exposeBoolean('allowPublicRest', {
        description: 'When true anyone may read the health score.',
      }),
    }),
  });
  return { HealthScoreRef, CheckResultRef, ChecksRef, SnapshotRef, ScanRef, IntelSettingsRef };
});
