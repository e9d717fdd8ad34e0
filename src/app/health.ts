// Liveness (the process answers) and readiness (started, the database answers and every migration is applied).
import type { Request, Response } from 'express';
import { pendingMigrations } from '../db/migrate.ts';
import type { Platform } from '../platform/platform.ts';

export const healthz = (_req: Request, res: Response) => void res.json({ status: 'ok' });

export function readyz(platform: Platform, isClosing: () => boolean, isStarting: () => boolean) {
  return async (_req: Request, res: Response) => {
    if (isClosing()) return void res.status(503).json({ status: 'unavailable', reason: 'shutting down' });
    // Listening, but the job engine is not started yet (src/server.ts, finishAfterListen).
    if (isStarting()) return void res.status(503).json({ status: 'unavailable', reason: 'starting' });
    try {
      const started = performance.now();
      await platform.prisma.$queryRaw`SELECT 1`;
      const databaseMs = Math.round((performance.now() - started) * 10) / 10;
      const pending = await pendingMigrations(platform.sql);
      const ready = pending.length === 0;
      res.status(ready ? 200 : 503).json({
        status: ready ? 'ready' : 'unavailable',
        database: { kind: platform.db.kind, ok: true, ms: databaseMs },
        migrations: { pending },
      });
    } catch (err) {
      platform.logger.warn({ err }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable', database: { kind: platform.db.kind, ok: false } });
    }
  };
}
