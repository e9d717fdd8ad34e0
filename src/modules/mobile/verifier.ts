// Authorization: Bearer <access token>: the JWT verifier the authentication step consults. One statement per
// request reads the chain and its user, so a revoked chain, a changed password or a changed role applies at once.
import type { MobileSession } from '../../generated/prisma/client.ts';
import type { BearerVerifier } from '../../platform/auth/extensions.ts';
import { principalFor, shouldTouch } from '../../platform/auth/principal-for.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Principal } from '../../platform/principal.ts';
import { assertLive, findChain } from './chains.ts';
import { assertSameDevice, INSTALL_ID_HEADER } from './device.ts';
import { keyring } from './secrets.ts';
import { looksLikeJwt, verifyAccessToken } from './tokens.ts';

declare module '../../platform/principal.ts' {
  interface AuthMethods {
    /** A mobile access token (a JWT of a device session). */
    jwt: true;
  }
}

/** The session row read while authenticating, by the request's principal: `mobileMe { session }` answers from it
 *  instead of reading it again. */
export const sessionOfPrincipal = new WeakMap<Principal, MobileSession>();

export function accessTokenVerifier(platform: Platform): BearerVerifier {
  return async (token, req) => {
    if (!looksLikeJwt(token)) return null;
    const claims = verifyAccessToken(platform, await keyring(platform), token);
    assertSameDevice(req.header(INSTALL_ID_HEADER), claims.did);
    const chain = await assertLive(platform, await findChain(platform, claims.sid), Number(claims.sub));
    const now = platform.clock.now();
    if (shouldTouch(chain.lastUsedAt, chain.lastIp, now, req.ip)) {
      await platform.prisma.mobileSession.update({
        where: { id: chain.id },
        data: { lastUsedAt: now, lastIp: req.ip },
      });
      Object.assign(chain, { lastUsedAt: now, lastIp: req.ip });
    }
    const { user, ...session } = chain;
    const principal = principalFor(platform, user, 'jwt', chain.id);
    sessionOfPrincipal.set(principal, session);
    return principal;
  };
}
