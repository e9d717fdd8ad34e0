// One recipient's campaign message as nodemailer takes it: personalised parts, tracked links, List-Unsubscribe.
import type { MailMessage } from '../../../platform/mail.ts';
import type { Platform } from '../../../platform/platform.ts';
import { renderHtml, renderSubject, renderText, type RecipientVars } from './render.ts';
import { makeToken } from './tokens.ts';

/** What a batch reads of its campaign (frozen while it sends: edits need a pause, and a pause stops the batches). */
export interface CampaignContent {
  id: number;
  subject: string;
  html: string;
  text: string;
  links: string[];
  fromName: string;
  fromEmail: string;
}

export const trackingUrls = (
  platform: Platform,
  secret: Buffer,
  recipientId: number,
): Omit<RecipientVars, 'firstName' | 'email'> => {
  const base = platform.config.publicUrl;
  return {
    unsubscribeUrl: `${base}/mailer/u/${makeToken(secret, 'u', recipientId)}`,
    openUrl: `${base}/mailer/o/${makeToken(secret, 'o', recipientId)}.gif`,
    clickUrl: (i) => `${base}/mailer/c/${makeToken(secret, 'c', recipientId, i)}`,
  };
};

export function campaignMessage(
  platform: Platform,
  secret: Buffer,
  c: CampaignContent,
  r: { id: number; email: string; firstName: string },
): MailMessage {
  const vars: RecipientVars = { firstName: r.firstName, email: r.email, ...trackingUrls(platform, secret, r.id) };
  // Display name quoted (JSON string quoting is valid RFC 5322 quoting for these characters).
  const from = c.fromEmail ? (c.fromName ? `${JSON.stringify(c.fromName)} <${c.fromEmail}>` : c.fromEmail) : undefined;
  return {
    to: r.email,
    ...(from ? { from } : {}),
    subject: renderSubject(c.subject, vars),
    html: renderHtml(c.html, c.links, vars) || undefined,
    text: renderText(c.text, vars) || undefined,
    list: { unsubscribe: { url: vars.unsubscribeUrl, comment: 'Unsubscribe' } },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'X-Atrium-Campaign': String(c.id) },
  };
}
