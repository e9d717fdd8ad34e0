// Mobile test helpers: log a device in over REST and call as it.
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_POOL_SIZE } from '../../helpers/database.ts';
import { whileLocked } from '../../helpers/row-lock.ts';

export const PASSWORD = 'correct horse battery'; // what createTestApp's t.as() gives every user

export interface Device {
  installId: string;
  accessToken: string;
  refreshToken: string;
  userId: number;
  /** Headers of an authenticated request from this device. */
  headers: Record<string, string>;
}

export async function loginDevice(
  t: TestApp,
  username: string,
  installId = randomUUID(),
  password = PASSWORD,
): Promise<Device> {
  const res = await t.http
    .post('/wp-json/mobile/v1/auth/login')
    .set('X-App-Install-Id', installId)
    .send({ username, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return device(installId, res.body);
}

export function device(
  installId: string,
  body: { access_token: string; refresh_token: string; user: { id: number } },
): Device {
  return {
    installId,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    userId: body.user.id,
    headers: { Authorization: `Bearer ${body.access_token}`, 'X-App-Install-Id': installId },
  };
}

export function refreshAs(t: TestApp, refreshToken: string, installId: string) {
  return t.http
    .post('/wp-json/mobile/v1/auth/refresh')
    .set('X-App-Install-Id', installId)
    .send({ refresh_token: refreshToken });
}

/** The decoded payload and header of a JWT, without verifying it. */
export function decode(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h!, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(p!, 'base64url').toString()),
  };
}

/**
 * Races `fire` against a row lock: the row is locked in a transaction until `contenders` requests wait on a lock,
 * then released, so they all reach the critical statement together (an HTTP race in one process would otherwise
 * mostly run in turn). The lock is held and watched on connections of the test's own, outside the app's pool; the
 * app's pool has TEST_POOL_SIZE connections, so at most that many requests wait on the lock and the others wait for a
 * connection, meeting the lock's outcome after it.
 */
export function raceOnRow<T>(t: TestApp, lockSql: string, contenders: number, fire: () => Promise<T>): Promise<T> {
  return whileLocked(t, lockSql, fire, { waiting: Math.min(contenders, TEST_POOL_SIZE) });
}
