// Writing a template into the site's content: save it to the template library (content type tpl_template), create
// a page from it, or append its sections to an existing post. Capabilities: the route's manage_options, then the
// content service's own checks (edit_posts / edit_pages, publish_* for publish and private, edit_post on the
// target post). Requirements are checked last, after everything that would answer 4xx for another reason, so a 409
// always means "force would make this work".
import { z } from 'zod';
import type { Post } from '../../generated/prisma/client.ts';
import {
  assertCanCreate,
  createPost,
  MAX_CONTENT_CHARS,
  POST_STATUSES,
  postForEdit,
} from '../../platform/content/service.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Principal } from '../../platform/principal.ts';
import { parseDeclared, type Input } from '../../platform/validation.ts';
import { enumOf, id, text } from '../../input/vocabulary.ts';
import { findTemplate, templateKey } from './catalog.ts';
import { templateMarkup, type Template } from './entry.ts';
import { assertRequirements, type RequirementReport } from './requirements.ts';

/** The content type of the site's own template library. */
export const LIBRARY_TYPE = 'tpl_template';

export interface TemplateWrite {
  post: Post;
  template: Template;
  /** Keys of the sections written, in the order written. */
  sections: string[];
  requirements: RequirementReport;
  forced: boolean;
}

const status = enumOf('TemplateContentStatus', POST_STATUSES, 'Post status given to the content a template creates.', {
  draft: 'Saved as a draft: not public.',
  pending: 'Waiting for review: not public.',
  private: 'Published but visible only to users who may read private content.',
  publish: 'Published: public.',
})
  .default('draft')
  .describe('Status of the content created.');
const force = z
  .boolean()
  .default(false)
  .describe('Use the template even if its requirements are unmet (otherwise 409).');

export const TemplateImport = z.object({ key: templateKey(), status, force });
export const TemplatePage = z.object({
  key: templateKey(),
  title: text(200, 1).optional().describe('Page title (default: the template title).'),
  status,
  force,
});
export const TemplateAppend = z.object({
  key: templateKey(),
  postId: id(),
  sections: z
    .array(templateKey().describe('Section key.'))
    .max(100)
    .optional()
    .describe('Section keys, in order (default: all).'),
  force,
});

function templateMeta(t: Template, sections: string[]) {
  return {
    tpl_key: t.key,
    tpl_version: t.version,
    tpl_source: t.source,
    tpl_checksum: t.checksum,
    tpl_sections: sections,
  };
}

export async function importTemplate(
  platform: Platform,
  principal: Principal,
  input: Input<typeof TemplateImport>,
): Promise<TemplateWrite> {
  const args = parseDeclared(TemplateImport, input);
  const template = await findTemplate(platform, args.key);
  assertCanCreate(principal, LIBRARY_TYPE, args.status);
  const requirements = assertRequirements(platform, template, args.force);
  const sections = template.sections.map((s) => s.key);
  const post = await createPost(platform, principal, {
    type: LIBRARY_TYPE,
    title: template.title,
    excerpt: template.description,
    content: templateMarkup(template),
    status: args.status,
    meta: { ...templateMeta(template, sections), tpl_category: template.category, tpl_tags: template.tags },
  });
  return { post, template, sections, requirements, forced: !requirements.met };
}

export async function createPageFromTemplate(
  platform: Platform,
  principal: Principal,
  input: Input<typeof TemplatePage>,
): Promise<TemplateWrite> {
  const args = parseDeclared(TemplatePage, input);
  const template = await findTemplate(platform, args.key);
  assertCanCreate(principal, 'page', args.status);
  const requirements = assertRequirements(platform, template, args.force);
  const sections = template.sections.map((s) => s.key);
  const post = await createPost(platform, principal, {
    type: 'page',
    title: args.title ?? template.title,
    content: templateMarkup(template),
    status: args.status,
    meta: templateMeta(template, sections),
  });
  return { post, template, sections, requirements, forced: !requirements.met };
}

export async function appendTemplate(
  platform: Platform,
  principal: Principal,
  input: Input<typeof TemplateAppend>,
): Promise<TemplateWrite> {
  const args = parseDeclared(TemplateAppend, input);
  const template = await findTemplate(platform, args.key);
  await postForEdit(platform, principal, args.postId); // 404 unknown post, 401/403 without edit_post on it
  const wanted = args.sections?.length ? [...new Set(args.sections)] : template.sections.map((s) => s.key);
  const unknown = wanted.filter((k) => !template.sections.some((s) => s.key === k));
  if (unknown.length) {
    throw new ValidationError({
      sections: `Unknown section(s) of ${template.key}: ${unknown.join(', ')}. Known: ${template.sections.map((s) => s.key).join(', ')}.`,
    });
  }
  const requirements = assertRequirements(platform, template, args.force);
  const chosen = wanted.map((k) => template.sections.find((s) => s.key === k)!);
  const markup = templateMarkup(template, chosen);
  // One atomic UPDATE: concurrent appends to the same post all land (no read-modify-write of the content), and the
  // content limit of the core holds however many appends race.
  const now = platform.clock.now();
  const room = MAX_CONTENT_CHARS - markup.length - 2;
  const updated = await platform.prisma.$executeRaw`
    UPDATE posts SET content = CASE WHEN content = '' THEN ${markup} ELSE content || ${`\n\n${markup}`} END, updated_at = ${now}
    WHERE id = ${args.postId} AND char_length(content) <= ${room}`;
  const post = await postForEdit(platform, principal, args.postId); // also answers 404 if it was deleted meanwhile
  if (updated !== 1) {
    throw new AppError(
      'templates_post_too_long',
      `Appending would make the post longer than ${MAX_CONTENT_CHARS} characters.`,
      { status: 409 },
    );
  }
  return { post, template, sections: wanted, requirements, forced: !requirements.met };
}
