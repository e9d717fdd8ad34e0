// The confirmation a submitter gets back: the form's message (managers' HTML, merge-tag values HTML-escaped) or
// the redirect URL (merge-tag values URL-encoded, e.g. ?name={field:name}).
import type { FormEntry } from '../../../generated/prisma/client.ts';
import type { Platform } from '../../../platform/platform.ts';
import type { StoredForm } from '../definition/stored.ts';
import { renderTags, type MergeContext } from '../notify/merge-tags.ts';
import { entryUrl } from '../notify/send.ts';
import type { FieldValue } from './values.ts';

export interface RenderedConfirmation {
  type: 'message' | 'redirect';
  message: string | null;
  redirectUrl: string | null;
}

export function renderConfirmation(platform: Platform, form: StoredForm, entry: FormEntry): RenderedConfirmation {
  const ctx: MergeContext = {
    form,
    entry: {
      id: entry.id,
      values: entry.values as Record<string, FieldValue>,
      createdAt: entry.createdAt,
      ip: entry.ip,
    },
    entryUrl: entryUrl(platform, entry.id),
  };
  const c = form.confirmation;
  if (c.type === 'redirect' && c.redirectUrl)
    return { type: 'redirect', message: null, redirectUrl: renderTags(c.redirectUrl, ctx, 'url') };
  return { type: 'message', message: renderTags(c.message, ctx, 'html'), redirectUrl: null };
}
