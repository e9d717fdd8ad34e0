// Content blocks of a template section: a small typed vocabulary (validated with zod) that serialises to the host
// platform's block markup (`<!-- wp:heading --> … <!-- /wp:heading -->`), so imported content opens in a block
// editor as real blocks. Text is plain text and is always escaped; URLs are limited to safe schemes. No block
// carries raw HTML, so a template from the cloud cannot smuggle script into the site's content.
import escapeHtml from 'escape-html';
import { z } from 'zod';

const text = (max = 5000) => z.string().trim().min(1, 'must not be empty').max(max);
const align = z.enum(['left', 'center', 'right']).optional();
const SAFE_URL = /^(https?:\/\/[^\s"<>]+|mailto:[^\s"<>]+|tel:[+0-9 ().-]+|\/(?!\/)[^\s"<>]*|#[A-Za-z0-9_-]*)$/i;
const url = z
  .string()
  .trim()
  .max(2048)
  .regex(SAFE_URL, 'must be an http(s), mailto: or tel: URL, or a path starting with / or #');
const slug = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be lower-case letters, digits, - or _');

export type Block =
  | { type: 'heading'; level: number; text: string; align?: 'left' | 'center' | 'right' }
  | { type: 'paragraph'; text: string; align?: 'left' | 'center' | 'right' }
  | { type: 'list'; ordered: boolean; items: string[] }
  | {
      type: 'buttons';
      align?: 'left' | 'center' | 'right';
      buttons: { text: string; url: string; style: 'fill' | 'outline' }[];
    }
  | { type: 'image'; url: string; alt: string; caption?: string }
  | { type: 'quote'; text: string; cite?: string }
  | { type: 'details'; summary: string; text: string }
  | { type: 'separator' }
  | { type: 'spacer'; height: number }
  | { type: 'columns'; columns: Block[][] }
  | { type: 'group'; blocks: Block[] }
  | { type: 'form'; form: string; fields: FormField[]; submit: string };

export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'checkbox';
  required: boolean;
}

export const BlockSchema: z.ZodType<Block> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('heading'), level: z.int().min(1).max(6).default(2), text: text(500), align }),
    z.object({ type: z.literal('paragraph'), text: text(), align }),
    z.object({
      type: z.literal('list'),
      ordered: z.boolean().default(false),
      items: z.array(text(1000)).min(1).max(100),
    }),
    z.object({
      type: z.literal('buttons'),
      align,
      buttons: z
        .array(z.object({ text: text(200), url, style: z.enum(['fill', 'outline']).default('fill') }))
        .min(1)
        .max(6),
    }),
    z.object({
      type: z.literal('image'),
      url,
      alt: z.string().trim().max(500).default(''),
      caption: text(1000).optional(),
    }),
    z.object({ type: z.literal('quote'), text: text(), cite: text(200).optional() }),
    z.object({ type: z.literal('details'), summary: text(500), text: text() }),
    z.object({ type: z.literal('separator') }),
    z.object({ type: z.literal('spacer'), height: z.int().min(8).max(400).default(40) }),
    z.object({ type: z.literal('columns'), columns: z.array(z.array(BlockSchema).max(50)).min(1).max(6) }),
    z.object({ type: z.literal('group'), blocks: z.array(BlockSchema).min(1).max(100) }),
    z.object({
      type: z.literal('form'),
      form: slug,
      fields: z
        .array(
          z.object({
            name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be a lower-case identifier'),
            label: text(200),
            type: z.enum(['text', 'email', 'tel', 'url', 'textarea', 'checkbox']).default('text'),
            required: z.boolean().default(false),
          }),
        )
        .min(1)
        .max(30),
      submit: text(100).default('Submit'),
    }),
  ]),
) as z.ZodType<Block>;

/** Block attributes as the host platform serialises them: JSON that can never close the HTML comment. */
function attrs(a: Record<string, unknown> | undefined): string {
  const kept = Object.fromEntries(Object.entries(a ?? {}).filter(([, v]) => v !== undefined));
  if (!Object.keys(kept).length) return '';
  const json = JSON.stringify(kept)
    // Escaped quotes become \u0022; walking escape pairs keeps an escaped backslash before a quote intact.
    .replace(/\\(.)/g, (pair, c: string) => (c === '"' ? '\\u0022' : pair))
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
  return ` ${json}`;
}

export function wrap(name: string, attributes: Record<string, unknown> | undefined, inner: string): string {
  return `<!-- wp:${name}${attrs(attributes)} -->${inner}<!-- /wp:${name} -->`;
}

const alignClass = (a?: string) => (a ? ` class="has-text-align-${a}"` : '');

function field(f: FormField): string {
  const req = f.required ? ' required' : '';
  const label = escapeHtml(f.label);
  if (f.type === 'checkbox')
    return `<p><label><input type="checkbox" name="${f.name}" value="1"${req}/> ${label}</label></p>`;
  const input =
    f.type === 'textarea'
      ? `<textarea name="${f.name}" rows="5"${req}></textarea>`
      : `<input type="${f.type}" name="${f.name}"${req}/>`;
  return `<p><label>${label}<br/>${input}</label></p>`;
}

/** One block as markup. */
export function serializeBlock(b: Block): string {
  switch (b.type) {
    case 'heading':
      return wrap(
        'heading',
        { level: b.level === 2 ? undefined : b.level, textAlign: b.align },
        `<h${b.level} class="wp-block-heading${b.align ? ` has-text-align-${b.align}` : ''}">${escapeHtml(b.text)}</h${b.level}>`,
      );
    case 'paragraph':
      return wrap('paragraph', { align: b.align }, `<p${alignClass(b.align)}>${escapeHtml(b.text)}</p>`);
    case 'list': {
      const tag = b.ordered ? 'ol' : 'ul';
      const items = b.items.map((i) => wrap('list-item', undefined, `<li>${escapeHtml(i)}</li>`)).join('');
      return wrap('list', { ordered: b.ordered || undefined }, `<${tag} class="wp-block-list">${items}</${tag}>`);
    }
    case 'buttons': {
      const buttons = b.buttons
        .map((btn) => {
          const cls = btn.style === 'outline' ? 'is-style-outline' : undefined;
          return wrap(
            'button',
            { className: cls },
            `<div class="wp-block-button${cls ? ` ${cls}` : ''}"><a class="wp-block-button__link wp-element-button" href="${escapeHtml(btn.url)}">${escapeHtml(btn.text)}</a></div>`,
          );
        })
        .join('');
      const layout = b.align ? { type: 'flex', justifyContent: b.align } : undefined;
      return wrap('buttons', { layout }, `<div class="wp-block-buttons">${buttons}</div>`);
    }
    case 'image': {
      const caption = b.caption ? `<figcaption class="wp-element-caption">${escapeHtml(b.caption)}</figcaption>` : '';
      return wrap(
        'image',
        undefined,
        `<figure class="wp-block-image"><img src="${escapeHtml(b.url)}" alt="${escapeHtml(b.alt)}"/>${caption}</figure>`,
      );
    }
    case 'quote': {
      const cite = b.cite ? `<cite>${escapeHtml(b.cite)}</cite>` : '';
      return wrap(
        'quote',
        undefined,
        `<blockquote class="wp-block-quote">${serializeBlock({ type: 'paragraph', text: b.text })}${cite}</blockquote>`,
      );
    }
    case 'details':
      return wrap(
        'details',
        undefined,
        `<details class="wp-block-details"><summary>${escapeHtml(b.summary)}</summary>${serializeBlock({ type: 'paragraph', text: b.text })}</details>`,
      );
    case 'separator':
      return wrap('separator', undefined, '<hr class="wp-block-separator has-alpha-channel-opacity"/>');
    case 'spacer':
      return wrap(
        'spacer',
        { height: `${b.height}px` },
        `<div style="height:${b.height}px" aria-hidden="true" class="wp-block-spacer"></div>`,
      );
    case 'columns': {
      const cols = b.columns
        .map((c) => wrap('column', undefined, `<div class="wp-block-column">${c.map(serializeBlock).join('')}</div>`))
        .join('');
      return wrap('columns', undefined, `<div class="wp-block-columns">${cols}</div>`);
    }
    case 'group':
      return wrap(
        'group',
        { layout: { type: 'constrained' } },
        `<div class="wp-block-group">${b.blocks.map(serializeBlock).join('')}</div>`,
      );
    case 'form': {
      // A dynamic block (the forms module renders it) that saves a working plain form as its fallback.
      const html = `<form class="wp-block-atrium-form" method="post" data-form="${b.form}">${b.fields.map(field).join('')}<p><button type="submit">${escapeHtml(b.submit)}</button></p></form>`;
      return wrap('atrium/form', { form: b.form, fields: b.fields, submit: b.submit }, html);
    }
  }
}
