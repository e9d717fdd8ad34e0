// Shared fixtures of the site health tests: GraphQL documents, and a scan whose results are read back by check id.
import { expect } from 'vitest';
import { graphql } from '../../gql/index.ts';
import type { Caller, TestApp } from '../../helpers/app.ts';

export const RunScan = graphql(`
  mutation IntelRunScan {
    runHealthScan {
      scanId
      score
      grade
      critical
      warning
      info
      ok
      checks
      duration
      scanned
    }
  }
`);
export const Score = graphql(`
  query IntelScore {
    healthScore {
      scanId
      score
      grade
      critical
      warning
      scanned
    }
  }
`);
export const Checks = graphql(`
  query IntelChecks($status: HealthCheckStatus) {
    healthChecks(status: $status) {
      scanId
      total
      checks {
        id
        category
        label
        status
        message
        detail
        scoreImpact
      }
    }
  }
`);
export const Snapshots = graphql(`
  query IntelSnapshots($page: Int, $perPage: Int) {
    healthSnapshots(page: $page, perPage: $perPage) {
      total
      items {
        scanId
        score
        grade
        critical
        warning
        info
        ok
        checks
        scanned
      }
    }
  }
`);
export const Settings = graphql(`
  query IntelSettings {
    intelSettings {
      allowPublicRest
    }
  }
`);
export const UpdateSettings = graphql(`
  mutation IntelUpdateSettings($allowPublicRest: Boolean!) {
    updateIntelSettings(allowPublicRest: $allowPublicRest) {
      allowPublicRest
    }
  }
`);

export interface CheckRow {
  id: string;
  category: string;
  label: string;
  status: string;
  message: string;
  detail: string;
  score_impact: number;
}

/** Runs a scan over REST and answers the results of that scan by check id. */
export async function scan(t: TestApp, admin: Caller): Promise<Map<string, CheckRow>> {
  const res = await t.http.post('/wp-json/intel/v1/scan').set(admin.headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const checks = await t.http.get('/wp-json/intel/v1/checks').set(admin.headers);
  expect(checks.status).toBe(200);
  return new Map((checks.body.checks as CheckRow[]).map((c) => [c.id, c]));
}

/** The result of one check in a fresh scan. */
export async function checkOf(t: TestApp, admin: Caller, id: string): Promise<CheckRow> {
  const row = (await scan(t, admin)).get(id);
  expect(row, `check ${id} ran`).toBeDefined();
  return row!;
}

/** Production needs a strong JWT secret to start; tests of production-only rules pass this. */
export const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz-XYZ',
} as const;
