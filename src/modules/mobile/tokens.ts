// Mobile tokens: HS256 JWTs. Access tokens (typ at+jwt, 15 min) and refresh tokens (typ rt+jwt) both name the
// session chain (sid) and the device (did); a refresh token also names its generation in the chain. Minting is a
// pure function of the chain state, so replaying a rotation inside the grace window answers the very same pair.
import jwt from 'jsonwebtoken';
import { AppError } from '../../platform/errors.ts';
import { mobileErrors } from './errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Keyring } from './secrets.ts';

const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 86400;
export const REUSE_WINDOW_MS = 30_000;

const ACCESS_TYP = 'at+jwt';
const REFRESH_TYP = 'rt+jwt';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a token pair is minted from: one generation of one chain. */
export interface ChainState {
  id: number;
  userId: number;
  installId: string;
  generation: number;
  /** When this generation was minted (login or rotation). */
  rotatedAt: Date;
  expiresAt: Date;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives from its issue. */
  expiresIn: number;
  refreshExpiresAt: Date;
}

export interface AccessClaims {
  sub: string;
  sid: number;
  did: string;
  jti: string;
  iat: number;
  exp: number;
}

export interface RefreshClaims extends AccessClaims {
  gen: number;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function mintPair(platform: Platform, keys: Keyring, chain: ChainState): TokenPair {
  const { jwtIssuer: issuer, jwtAudience: audience } = platform.config.mobile;
  const iat = seconds(chain.rotatedAt);
  const chainEnd = seconds(chain.expiresAt);
  const base = { sub: String(chain.userId), sid: chain.id, did: chain.installId, iat };
  const options = (typ: string): jwt.SignOptions => ({
    algorithm: 'HS256',
    header: { alg: 'HS256', typ, kid: keys.signing.kid },
    issuer,
    audience,
  });
  const accessExp = Math.min(iat + ACCESS_TTL_SECONDS, chainEnd);
  const accessToken = jwt.sign(
    { ...base, jti: `a${chain.id}.${chain.generation}`, exp: accessExp },
    keys.signing.key,
    options(ACCESS_TYP),
  );
  const refreshToken = jwt.sign(
    { ...base, gen: chain.generation, jti: `r${chain.id}.${chain.generation}`, exp: chainEnd },
    keys.signing.key,
    options(REFRESH_TYP),
  );
  return { accessToken, refreshToken, expiresIn: accessExp - iat, refreshExpiresAt: chain.expiresAt };
}

const invalid = (message = 'The token is not valid.') => new AppError('token_invalid', message);

/** Verifies signature (HS256 only, by kid), iss, aud, exp and type; answers the claims or throws 401. */
function verify(platform: Platform, keys: Keyring, token: string, typ: string): jwt.JwtPayload {
  const decoded = jwt.decode(token, { complete: true });
  if (!decoded || typeof decoded.payload !== 'object') throw invalid();
  const { header } = decoded;
  if (header.alg !== 'HS256') throw invalid('Only HS256 tokens are accepted.');
  if (header.typ !== typ)
    throw invalid(typ === ACCESS_TYP ? 'This is not an access token.' : 'This is not a refresh token.');
  const key = header.kid ? keys.verifying.get(header.kid) : undefined;
  if (!key) throw invalid('The token was signed with an unknown key.');
  const { jwtIssuer: issuer, jwtAudience: audience } = platform.config.mobile;
  try {
    return jwt.verify(token, key, {
      algorithms: ['HS256'],
      issuer,
      audience,
      clockTimestamp: seconds(platform.clock.now()),
    }) as jwt.JwtPayload;
  } catch (err) {
    if (err instanceof jwt.TokenExpiredError) throw mobileErrors.error('token_expired', 'The token has expired.');
    throw invalid();
  }
}

function accessClaims(p: jwt.JwtPayload): AccessClaims {
  const ok =
    typeof p.sub === 'string' &&
    /^[1-9]\d{0,9}$/.test(p.sub) &&
    Number.isSafeInteger(p.sid) &&
    (p.sid as number) > 0 &&
    typeof p.did === 'string' &&
    UUID.test(p.did) &&
    typeof p.jti === 'string' &&
    typeof p.iat === 'number' &&
    typeof p.exp === 'number';
  if (!ok) throw invalid();
  return { sub: p.sub!, sid: p.sid as number, did: p.did as string, jti: p.jti!, iat: p.iat!, exp: p.exp! };
}

export function verifyAccessToken(platform: Platform, keys: Keyring, token: string): AccessClaims {
  return accessClaims(verify(platform, keys, token, ACCESS_TYP));
}

export function verifyRefreshToken(platform: Platform, keys: Keyring, token: string): RefreshClaims {
  const payload = verify(platform, keys, token, REFRESH_TYP);
  const claims = accessClaims(payload);
  if (!Number.isSafeInteger(payload.gen) || (payload.gen as number) < 0) throw invalid();
  return { ...claims, gen: payload.gen as number };
}

/** A JWT's shape (three base64url parts), so a bearer token of another kind is left to other verifiers. */
export const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
