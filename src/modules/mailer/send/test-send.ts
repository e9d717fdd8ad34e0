// Test send: the campaign as a recipient would get it, to up to 10 addresses, now and in the request (a handful of
// messages, never inside a transaction). Nothing is recorded: no recipient rows, no stats, the status is unchanged.
// Links go straight to their targets (untracked); the unsubscribe link is a placeholder that answers 404.
import { z } from 'zod';
import { AppError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { parseDeclared } from '../../../platform/validation.ts';
import { email, id } from '../../../input/vocabulary.ts';
import { campaignNotFound } from '../errors.ts';
import { extractLinks, renderHtml, renderSubject, renderText, type RecipientVars } from './render.ts';

export const TestSendInput = {
  id: id().describe('Campaign id.'),
  emails: z.array(email()).min(1).max(10).describe('Up to 10 addresses.'),
};
const Input = z.object({ emails: TestSendInput.emails });

export async function sendTest(platform: Platform, id: number, emails: string[]) {
  const to = [...new Set(parseDeclared(Input, { emails }).emails)];
  const c = await platform.prisma.mailerCampaign.findUnique({ where: { id } });
  if (!c) throw campaignNotFound();
  if (!c.subject.trim() || !(c.html.trim() || c.text.trim())) {
    throw new AppError(
      'mailer_campaign_incomplete',
      'The campaign needs a subject and an html or text body before a test send.',
    );
  }
  const links = extractLinks(c.html);
  const known = await platform.prisma.mailerSubscriber.findMany({
    where: { email: { in: to } },
    select: { email: true, firstName: true },
  });
  const base = platform.config.publicUrl;
  const sent: string[] = [];
  const failed: { email: string; error: string }[] = [];
  for (const address of to) {
    const vars: RecipientVars = {
      firstName: known.find((k) => k.email === address)?.firstName ?? '',
      email: address,
      unsubscribeUrl: `${base}/mailer/u/test`,
      openUrl: `${base}/mailer/o/test.gif`,
      clickUrl: (i) => links[i]!,
    };
    try {
      await platform.mail.send({
        to: address,
        ...(c.fromEmail ? { from: c.fromName ? `${JSON.stringify(c.fromName)} <${c.fromEmail}>` : c.fromEmail } : {}),
        subject: `[Test] ${renderSubject(c.subject, vars)}`,
        html: renderHtml(c.html, links, vars) || undefined,
        text: renderText(c.text, vars) || undefined,
      });
      sent.push(address);
    } catch (err) {
      failed.push({ email: address, error: (err instanceof Error ? err.message : String(err)).slice(0, 500) });
    }
  }
  return { sent, failed };
}
