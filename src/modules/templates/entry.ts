// The shape of a template: a bundled template file and a cloud catalog entry are the same JSON document
// (docs/templates.md). Validation tolerates drift the way a long-lived catalog needs: unknown fields are ignored,
// optional ones have defaults, and a `schema` newer than this code understands is refused with a clear message
// rather than half-read.
import { createHash } from 'node:crypto';
import semver from 'semver';
import { z } from 'zod';
import escapeHtml from 'escape-html';
import { BlockSchema, serializeBlock, wrap, type Block } from './blocks.ts';

export const SCHEMA_VERSION = 1;
export const KEY_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';
export const SOURCES = ['bundled', 'cloud'] as const;
export type TemplateSource = (typeof SOURCES)[number];

const KEY = new RegExp(KEY_PATTERN);
/** A SemVer 2.0.0 version exactly as written (pre-release and build metadata allowed; no "v", no spaces). */
const isVersion = (s: string) => {
  const v = semver.parse(s);
  return v !== null && `${v.version}${v.build.length ? `+${v.build.join('.')}` : ''}` === s;
};
const version = (example: string) => z.string().refine(isVersion, `must be a version such as ${example}`);
/** Deepest nesting a template document may have: checked before zod walks it, so no input can exhaust the stack. */
const MAX_DEPTH = 24;

const SectionSchema = z.object({
  key: z.string().regex(KEY, 'must be lower-case letters, digits and -'),
  title: z.string().trim().min(1).max(200),
  blocks: z.array(BlockSchema).min(1).max(200),
});

const TemplateSchema = z.object({
  schema: z
    .int()
    .min(1)
    .max(SCHEMA_VERSION, `is newer than this Atrium understands (${SCHEMA_VERSION})`)
    .default(SCHEMA_VERSION),
  key: z.string().regex(KEY, 'must be lower-case letters, digits and - (at most 64)'),
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  category: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and -'),
  tags: z.array(z.string().trim().toLowerCase().min(1).max(40)).max(20).default([]),
  preview_image: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .max(2048)
    .nullable()
    .default(null),
  version: version('1.2.0').default('1.0.0'),
  requirements: z
    .object({
      modules: z
        .array(z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'must be a module name'))
        .max(20)
        .default([]),
      atrium: version('0.1.0').nullable().default(null),
    })
    .default({ modules: [], atrium: null }),
  sections: z
    .array(SectionSchema)
    .min(1)
    .max(40)
    .refine((s) => new Set(s.map((x) => x.key)).size === s.length, 'section keys must be unique'),
});

/** A validated template as this module holds it. `source` is where it came from, never what the document claims. */
export type TemplateDoc = z.output<typeof TemplateSchema>;
export type Section = TemplateDoc['sections'][number];
export interface Template extends TemplateDoc {
  source: TemplateSource;
  checksum: string;
}

function depthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (d > max) return true;
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}

/** One short line per problem: "sections.0.blocks.2.text: must not be empty". */
function describeIssues(error: z.ZodError, limit = 3): string {
  const lines = error.issues.slice(0, limit).map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
  const more = error.issues.length > limit ? ` (and ${error.issues.length - limit} more)` : '';
  return lines.join('; ') + more;
}

export type ParseResult = { ok: true; template: Template } | { ok: false; error: string; key?: string };

export function parseTemplate(raw: unknown, source: TemplateSource): ParseResult {
  const key =
    raw && typeof raw === 'object' && typeof (raw as { key?: unknown }).key === 'string'
      ? (raw as { key: string }).key
      : undefined;
  if (depthExceeds(raw, MAX_DEPTH)) return { ok: false, key, error: `nested deeper than ${MAX_DEPTH} levels` };
  const parsed = TemplateSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, key, error: describeIssues(parsed.error) };
  return { ok: true, template: { ...parsed.data, source, checksum: checksumOf(parsed.data) } };
}

/** Stable JSON (sorted keys), so equal documents have equal checksums whatever their key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

const checksumOf = (doc: TemplateDoc): string => createHash('sha256').update(canonical(doc)).digest('hex');

const markupCache = new WeakMap<Section, string>();

/** A section as block markup: a named group (anchor = section key) holding the section's blocks. Templates are
 *  immutable once loaded, so the markup is computed once per section object. */
export function sectionMarkup(templateKey: string, section: Section): string {
  const cached = markupCache.get(section);
  if (cached !== undefined) return cached;
  const cls = `tpl-section tpl-${templateKey}-${section.key}`;
  const inner = section.blocks.map((b: Block) => serializeBlock(b)).join('');
  const markup = wrap(
    'group',
    { metadata: { name: section.title }, anchor: section.key, className: cls, layout: { type: 'constrained' } },
    `<div id="${escapeHtml(section.key)}" class="wp-block-group ${cls}">${inner}</div>`,
  );
  markupCache.set(section, markup);
  return markup;
}

export const templateMarkup = (t: Template, sections: readonly Section[] = t.sections): string =>
  sections.map((s) => sectionMarkup(t.key, s)).join('\n\n');
