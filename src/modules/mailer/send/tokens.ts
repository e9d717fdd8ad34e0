// Signed tokens of the links in a campaign mail: unsubscribe (u), open pixel (o) and click (c, with the index of the
// link in the campaign's frozen link list). The token names the recipient row; the HMAC-SHA256 signature (128 bits
// kept) makes ids unguessable and the link index untamperable, so a click can only go to a URL of that campaign.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Platform } from '../../../platform/platform.ts';

export type TokenKind = 'u' | 'o' | 'c';
export interface TokenClaims {
  kind: TokenKind;
  recipientId: number;
  link: number;
}

const OPTION = 'mailer_link_secret';
const secrets = new WeakMap<Platform, Promise<Buffer>>();

/** MAILER_SECRET, or one generated on first use and kept in the options table (every instance reads the same). */
export function linkSecret(platform: Platform): Promise<Buffer> {
  let s = secrets.get(platform);
  if (!s) {
    s = (async () => {
      if (platform.config.mailer.secret) return Buffer.from(platform.config.mailer.secret);
      const fresh = randomBytes(32).toString('base64url');
      // Create-if-absent, then read: two instances starting together end up with the same secret.
      await platform.prisma.option.upsert({
        where: { name: OPTION },
        create: { name: OPTION, value: fresh },
        update: {},
      });
      const row = await platform.prisma.option.findUniqueOrThrow({ where: { name: OPTION } });
      return Buffer.from(String(row.value));
    })();
    s.catch(() => secrets.delete(platform));
    secrets.set(platform, s);
  }
  return s;
}

const sign = (secret: Buffer, body: string) =>
  createHmac('sha256', secret).update(body).digest().subarray(0, 16).toString('base64url');

export function makeToken(secret: Buffer, kind: TokenKind, recipientId: number, link = 0): string {
  const body = `${kind}${recipientId.toString(36)}.${link.toString(36)}`;
  return `${body}.${sign(secret, body)}`;
}

export function readToken(secret: Buffer, token: string, kind: TokenKind): TokenClaims | null {
  const m = /^([uoc])([0-9a-z]{1,12})\.([0-9a-z]{1,6})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m || m[1] !== kind) return null;
  const expected = Buffer.from(sign(secret, `${m[1]}${m[2]}.${m[3]}`));
  const given = Buffer.from(m[4]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { kind, recipientId: parseInt(m[2]!, 36), link: parseInt(m[3]!, 36) };
}
