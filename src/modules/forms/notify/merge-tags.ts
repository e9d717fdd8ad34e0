// Merge tags in confirmations and notifications: {field:key} (display text: option labels, Yes/No), {field:key:value}
// (the stored value), {all_fields}, {form_title}, {form_id}, {entry_id}, {entry_url}, {date}, {ip}. Each output
// encodes the values it inserts (HTML-escaped, URL-encoded, or plain text for e-mail text parts and headers).
import escapeHtml from 'escape-html';
import type { FieldDefinition } from '../definition/types.ts';
import type { FieldValue } from '../submission/values.ts';

/** A whole string that is one field tag (a notification recipient such as {field:email}). */
export const FIELD_TAG = /^\{field:([a-z][a-z0-9_]{0,63})\}$/;
const TAG = /\{(field:([a-z][a-z0-9_]{0,63})(:value)?|all_fields|form_title|form_id|entry_id|entry_url|date|ip)\}/g;

export interface MergeContext {
  form: { id: number; title: string; fields: readonly FieldDefinition[] };
  entry: { id: number; values: Record<string, FieldValue>; createdAt: Date; ip: string | null };
  entryUrl: string;
}

type Encoding = 'text' | 'html' | 'url';

const encoders: Record<Encoding, (s: string) => string> = {
  text: (s) => s,
  html: escapeHtml,
  url: encodeURIComponent,
};

/** A value as people read it: option labels for choices, Yes/No for consent. */
export function displayValue(field: FieldDefinition | undefined, value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  const label = (v: string) => field?.options.find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'string' ? label(value) : String(value);
}

/** Label/value pairs of every field that holds a value, in form order. */
function filledFields(ctx: MergeContext): { label: string; value: string }[] {
  return ctx.form.fields
    .filter((f) => ctx.entry.values[f.key] !== undefined && ctx.entry.values[f.key] !== null)
    .map((f) => ({ label: f.label || f.key, value: displayValue(f, ctx.entry.values[f.key]) }))
    .filter((p) => p.value !== '');
}

function allFields(ctx: MergeContext, encoding: Encoding): string {
  const pairs = filledFields(ctx);
  if (encoding === 'html') {
    const rows = pairs.map(
      (p) =>
        `<tr><th align="left" valign="top">${escapeHtml(p.label)}</th><td>${escapeHtml(p.value).replace(/\n/g, '<br>')}</td></tr>`,
    );
    return `<table cellpadding="4">${rows.join('')}</table>`;
  }
  return pairs.map((p) => `${p.label}: ${p.value}`).join('\n');
}

/** Replaces merge tags; unknown tags stay as written. */
export function renderTags(template: string, ctx: MergeContext, encoding: Encoding): string {
  const encode = encoders[encoding];
  return template.replace(TAG, (whole, tag: string, key?: string, raw?: string) => {
    if (key) {
      const field = ctx.form.fields.find((f) => f.key === key);
      const value = ctx.entry.values[key];
      if (raw)
        return encode(
          Array.isArray(value) ? value.join(',') : value === null || value === undefined ? '' : String(value),
        );
      return encode(displayValue(field, value));
    }
    switch (tag) {
      case 'all_fields':
        return encoding === 'url' ? whole : allFields(ctx, encoding);
      case 'form_title':
        return encode(ctx.form.title);
      case 'form_id':
        return String(ctx.form.id);
      case 'entry_id':
        return String(ctx.entry.id);
      case 'entry_url':
        return encoding === 'url' ? encode(ctx.entryUrl) : ctx.entryUrl;
      case 'date':
        return ctx.entry.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
      case 'ip':
        return encode(ctx.entry.ip ?? '');
      default:
        return whole;
    }
  });
}

/** A header value (subject): merge tags as text, with no line breaks a header could be split at. */
export const renderHeader = (template: string, ctx: MergeContext) =>
  renderTags(template, ctx, 'text')
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 998);
