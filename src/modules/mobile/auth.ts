// The mobile auth commands: login, refresh (rotation with a 30 s replay window and reuse detection) and logout.
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { mobileErrors } from './errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { passwordLogin, PasswordCredentials } from '../../platform/auth/password-login.ts';
import { parseDeclared, type Input } from '../../platform/validation.ts';
import type { User } from '../../generated/prisma/client.ts';
import {
  assertLive,
  findChain,
  revokeChain,
  rotateChain,
  startChain,
  type ChainRow,
  type RequestMeta,
} from './chains.ts';
import { assertSameDevice, requireInstallId } from './device.ts';
import { keyring } from './secrets.ts';
import { mintPair, REUSE_WINDOW_MS, verifyRefreshToken, type TokenPair } from './tokens.ts';

export interface Issued {
  pair: TokenPair;
  sessionId: number;
  user: Pick<User, 'id' | 'username' | 'email' | 'displayName' | 'roles'>;
}

export interface DeviceRequest extends RequestMeta {
  installId: string | undefined;
}

/** A refresh token as sent (a JWT; its checks are verifyRefreshToken's). */
const refreshToken = () => z.string().min(1).max(4096);
export const RefreshArgs = { refreshToken: refreshToken().describe('The refresh token of the latest pair.') };
export const LogoutArgs = {
  refreshToken: refreshToken()
    .optional()
    .describe("A refresh token of the session to end; omit to end the access token's session."),
};

export async function login(
  platform: Platform,
  input: Input<typeof PasswordCredentials>,
  req: DeviceRequest,
): Promise<Issued> {
  const installId = requireInstallId(req.installId);
  const { username, password } = parseDeclared(PasswordCredentials, input);
  const keys = await keyring(platform);
  const user = await passwordLogin(
    platform,
    { identifier: username, ip: req.ip, installId, channel: 'mobile' },
    password,
  );
  const chain = await startChain(platform, user, installId, req);
  return { pair: mintPair(platform, keys, chain), sessionId: chain.id, user };
}

/** Rotates a refresh token. rotateChain is the whole race: of N concurrent uses of one token exactly one advances the
 *  generation; the others find it advanced and, inside the window, answer the same successor pair. */
export async function refresh(platform: Platform, refreshToken: string, req: DeviceRequest): Promise<Issued> {
  const keys = await keyring(platform);
  const claims = verifyRefreshToken(platform, keys, refreshToken);
  const installId = requireInstallId(req.installId);
  if (installId !== claims.did) {
    // A refresh token presented from another device has left its device: end the chain.
    platform.logger.warn({ sessionId: claims.sid, installId, ip: req.ip }, 'refresh token used from another device');
    await revokeChain(platform, claims.sid, 'device');
    assertSameDevice(installId, claims.did); // throws device_mismatch
  }
  const userId = Number(claims.sub);
  const rotated = await rotateChain(platform, claims.sid, claims.gen, req.ip);
  if (rotated) {
    const chain = await assertLive(platform, rotated, userId);
    return issued(chain, mintPair(platform, keys, chain));
  }

  const chain = await assertLive(platform, await findChain(platform, claims.sid), userId);
  const sinceRotation = platform.clock.now().getTime() - chain.rotatedAt.getTime();
  if (chain.generation === claims.gen + 1 && sinceRotation <= REUSE_WINDOW_MS) {
    // The previous token, replayed inside the window (two app requests raced): the same successor pair.
    return issued(chain, mintPair(platform, keys, chain));
  }
  if (chain.generation > claims.gen) {
    await revokeChain(platform, chain.id, 'reuse');
    platform.logger.warn(
      { sessionId: chain.id, userId, generation: claims.gen, ip: req.ip },
      'spent refresh token reused',
    );
    throw mobileErrors.error(
      'token_reused',
      'This refresh token was already used; the session has been revoked for safety. Log in again.',
    );
  }
  throw new AppError('token_invalid', 'The token is not valid.');
}

function issued(chain: ChainRow, pair: TokenPair): Issued {
  return { pair, sessionId: chain.id, user: chain.user };
}

/** Which chain a logout ends: the one named by a refresh token, else the caller's access token's chain. */
export async function logout(
  platform: Platform,
  input: { refreshToken?: string | null; sessionId: number | null },
): Promise<number> {
  let id = input.sessionId;
  if (input.refreshToken) {
    const claims = verifyRefreshToken(platform, await keyring(platform), input.refreshToken);
    const chain = await findChain(platform, claims.sid);
    if (!chain || chain.userId !== Number(claims.sub)) throw new AppError('token_invalid', 'The token is not valid.');
    id = chain.id;
  }
  if (id === null) {
    throw new AppError(
      'mobile_no_session',
      'Log out with the access token of a mobile session, or send its refresh_token.',
    );
  }
  await revokeChain(platform, id, 'logout');
  return id;
}
