// E-mail notifications of an entry. Sending happens after the entry is committed and outside any transaction, in a
// job of the engine (task.ts): a slow or failing SMTP server never delays, fails or loses a submission. Each attempt
// is claimed on the row first (status "sending"), so two instances never send the same entry twice; the outcome of
// every notification is recorded on the entry, and the job's retries pick up failures.
import escapeHtml from 'escape-html';
import type { Platform } from '../../../platform/platform.ts';
import { fieldsOf } from '../definition/stored.ts';
import type { Notification } from '../definition/types.ts';
import type { FieldValue } from '../submission/values.ts';
import { FIELD_TAG, renderHeader, renderTags, type MergeContext } from './merge-tags.ts';
import type { NotificationOutcome } from './statuses.ts';

export interface NotificationResult {
  name: string;
  to: string[];
  status: NotificationOutcome;
  error: string | null;
  sentAt: string | null;
}

export const entryUrl = (platform: Platform, id: number) =>
  `${platform.config.publicUrl}/wp-json/forms/v1/entries/${id}`;

/** Recipients with {field:key} replaced by the entry's address (dropped when the field is empty). */
function addresses(list: readonly string[], values: Record<string, FieldValue>): string[] {
  const out = list.flatMap((r) => {
    const m = FIELD_TAG.exec(r);
    if (!m) return [r];
    const v = values[m[1]!];
    return typeof v === 'string' && v ? [v] : [];
  });
  return [...new Set(out)];
}

async function sendOne(platform: Platform, n: Notification, ctx: MergeContext): Promise<NotificationResult> {
  const to = addresses(n.to, ctx.entry.values);
  const base = { name: n.name, to };
  if (to.length === 0)
    return { ...base, status: 'skipped', error: 'No recipient (the address field is empty).', sentAt: null };
  const replyTo = n.replyTo ? addresses([n.replyTo], ctx.entry.values)[0] : undefined;
  try {
    const text = renderTags(n.message, ctx, 'text');
    const html = renderTags(escapeHtml(n.message), ctx, 'html').replace(/\n/g, '<br>\n');
    const result = await platform.mail.send({
      to: to.join(', '),
      replyTo,
      subject: renderHeader(n.subject, ctx),
      text,
      html,
    });
    if (result.rejected.length) throw new Error(`Refused recipients: ${result.rejected.join(', ')}`);
    return { ...base, status: 'sent', error: null, sentAt: platform.clock.now().toISOString() };
  } catch (err) {
    return {
      ...base,
      status: 'failed',
      error: err instanceof Error ? err.message.slice(0, 500) : String(err),
      sentAt: null,
    };
  }
}

/**
 * Sends the notifications of an entry the caller has claimed (status "sending"). `retryOnly` skips those already
 * sent in an earlier attempt. Records the outcome and emits forms/entry/notified.
 */
export async function deliver(
  platform: Platform,
  entryId: number,
  retryOnly = false,
): Promise<{ status: NotificationOutcome; failures: string[] } | undefined> {
  const entry = await platform.prisma.formEntry.findUnique({
    where: { id: entryId },
    include: { form: { select: { id: true, title: true, fields: true, notifications: true } } },
  });
  if (!entry) return;
  const previous = (entry.notificationLog as unknown as NotificationResult[]) ?? [];
  const done = new Set(retryOnly ? previous.filter((r) => r.status === 'sent').map((r) => r.name) : []);
  const ctx: MergeContext = {
    form: { id: entry.form.id, title: entry.form.title, fields: fieldsOf(entry.form) },
    entry: {
      id: entry.id,
      values: entry.values as Record<string, FieldValue>,
      createdAt: entry.createdAt,
      ip: entry.ip,
    },
    entryUrl: entryUrl(platform, entry.id),
  };
  const results: NotificationResult[] = [];
  for (const n of entry.form.notifications as unknown as Notification[]) {
    if (!n.enabled) continue;
    if (done.has(n.name)) results.push(previous.find((r) => r.name === n.name)!);
    else results.push(await sendOne(platform, n, ctx));
  }
  const status = results.some((r) => r.status === 'failed')
    ? 'failed'
    : results.some((r) => r.status === 'sent')
      ? 'sent'
      : 'skipped';
  const failures = results.filter((r) => r.status === 'failed').map((r) => `${r.name}: ${r.error}`);
  if (failures.length) platform.logger.warn({ entryId, failures }, 'form notification failed');
  const now = platform.clock.now();
  await platform.prisma.formEntry.updateMany({
    where: { id: entryId, notificationStatus: 'sending' },
    data: {
      notificationStatus: status,
      notificationLog: results as object[],
      notifiedAt: status === 'sent' ? now : entry.notifiedAt,
      updatedAt: now,
    },
  });
  await platform.events.emit('forms/entry/notified', { entryId, formId: entry.formId, status, failures });
  return { status, failures };
}
