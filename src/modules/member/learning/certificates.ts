// Certificates a third party can verify: GET /certificates/verify/{token} answers holder, course, date and score (a
// bare "valid" is forgeable), or 404 for an unknown or revoked token; verify_url is a printable page.
import { z } from 'zod';
import { id } from '../../../input/vocabulary.ts';
import type { Platform } from '../../../platform/platform.ts';
import { certificateNotFound } from '../core/errors.ts';

export const TokenInput = {
  token: z
    .string()
    .trim()
    .min(20)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'token is URL-safe base64.')
    .describe("The certificate's token (the last part of its verifyUrl)."),
};

export const RevokeCertificateInput = { id: id().describe('Certificate id.') };

/** The page a certificate's verify_url names (outside /wp-json: a person opens it). */
export const certificatePath = (token: string) => `/member/certificates/${token}`;
export const verifyUrl = (platform: Platform, token: string) => `${platform.config.publicUrl}${certificatePath(token)}`;

export interface Verified {
  valid: true;
  holderName: string;
  courseTitle: string;
  issuedAt: Date;
  score: number | null;
  token: string;
}

export async function verifyCertificate(platform: Platform, token: string): Promise<Verified> {
  // The token's shape is checked before any lookup: the printable page passes its path segment as it came, and no
  // hostile byte (a NUL, broken UTF-8) may reach the database.
  if (!TokenInput.token.safeParse(token).success) throw certificateNotFound();
  const cert = await platform.prisma.memberCertificate.findUnique({
    where: { token },
    include: { user: { select: { displayName: true } }, course: { select: { title: true } } },
  });
  if (!cert || cert.revokedAt) throw certificateNotFound();
  return {
    valid: true,
    holderName: cert.user.displayName,
    courseTitle: cert.course.title,
    issuedAt: cert.issuedAt,
    score: cert.score,
    token: cert.token,
  };
}

/** Revoked certificates stop verifying (404); the row stays, so the learner's completion is kept. */
export async function revokeCertificate(platform: Platform, certificateId: number) {
  const moved = await platform.prisma.memberCertificate.updateManyAndReturn({
    where: { id: certificateId },
    data: { revokedAt: platform.clock.now() },
  });
  if (!moved.length) throw certificateNotFound();
  return moved[0]!;
}
