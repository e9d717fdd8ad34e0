// Events of mobile access (dispatched after the change is committed).
import type { RevokeReason } from './chains.ts';

declare module '../../platform/events.ts' {
  interface AtriumEvents {
    /** A login started a device session. */
    'mobile/session/started': { sessionId: number; userId: number; installId: string };
    /** A session ended: logout, by its user or an administrator, refresh-token reuse, another device, a password
     *  change, or a new login on the same device. */
    'mobile/session/revoked': { sessionId: number; userId: number; reason: RevokeReason };
    /** An identifier reached 5 failed logins and is locked. */
    'mobile/login/locked': { identifier: string; ip: string | null; lockedUntil: string };
  }
}

export {};
