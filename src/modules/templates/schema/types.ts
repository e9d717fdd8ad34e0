// GraphQL object types of the templates module (catalog entries are files and cache rows, not Prisma models).
import { schemaPart } from '../../../graphql/builder.ts';
import { objectPage } from '../../../graphql/pagination.ts';
import { enumType } from '../../../graphql/zod-args.ts';
import type { LoadProblem } from '../bundled.ts';
import { TemplateSourceEnum } from '../catalog.ts';
import type { Rejected } from '../cloud-fetch.ts';
import { SyncStatus, type CloudStatus, type SyncResult } from '../cloud.ts';
import { sectionMarkup, type Section, type Template } from '../entry.ts';
import type { TemplateWrite } from '../import.ts';
import { checkRequirements, type RequirementReport } from '../requirements.ts';

export interface SectionShape {
  template: Template;
  section: Section;
}
export interface StatusShape {
  bundled: number;
  folders: string[];
  problems: LoadProblem[];
  cloud: CloudStatus;
}

export const templateTypes = schemaPart((builder) => {
  const ModuleRequirement = builder.objectRef<RequirementReport['modules'][number]>('TemplateModuleRequirement').implement({
    fields: (t) => ({ name: t.exposeString('name'), met: t.exposeBoolean('met') }),
  });

  const VersionRequirement = builder.objectRef<NonNullable<RequirementReport['atrium']>>('TemplateVersionRequirement').implement({
    fields: (t) => ({
      required: t.exposeString('required', { description: 'Minimum Atrium version.' }),
      installed: t.exposeString('installed'),
      met: t.exposeBoolean('met'),
    }),
  });

  const RequirementsRef = builder.objectRef<RequirementReport>('TemplateRequirements').implement({
    description: 'What a template needs, each requirement reported met or not.',
    fields: (t) => ({
      key: t.exposeString('key'),
      met: t.exposeBoolean('met', { description: 'True when every requirement is met.' }),
      modules: t.field({ type: [ModuleRequirement], resolve: (r) => r.modules }),
      atrium: t.field({ type: VersionRequirement, nullable: true, resolve: (r) => r.atrium }),
      messages: t.exposeStringList('messages', { description: 'One sentence per unmet requirement.' }),
    }),
  });


  const SectionRef = builder.objectRef<SectionShape>('TemplateSection').implement({
    fields: (t) => ({
      key: t.string({ resolve: (s) => s.section.key }),
      title: t.string({ resolve: (s) => s.section.title }),
      blocks: t.field({ type: ['JSON'], description: 'The content blocks (docs/templates.md).', resolve: (s) => s.section.blocks }),
      content: t.string({ description: 'The section as block markup, as it is written into content.', resolve: (s) => sectionMarkup(s.template.key, s.section) }),
    }),
  });

  const TemplateRef = builder.objectRef<Template>('Template').implement({
    description: 'A catalog entry, bundled or from the cloud.',
    fields: (t) => ({
      key: t.exposeString('key'),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
      category: t.exposeString('category'),
      tags: t.exposeStringList('tags'),
      previewImage: t.string({ nullable: true, resolve: (x) => x.preview_image }),
      source: t.expose('source', { type: enumType(builder, TemplateSourceEnum) }),
      version: t.exposeString('version'),
      requirements: t.field({ type: RequirementsRef, resolve: (x, _a, ctx) => checkRequirements(ctx.platform, x) }),
      sections: t.field({ type: [SectionRef], resolve: (x) => x.sections.map((section) => ({ template: x, section })) }),
    }),
  });

  const TemplatePage = objectPage<Template>(builder, 'Template', TemplateRef);

  const WriteResultRef = builder.objectRef<TemplateWrite>('TemplateWriteResult').implement({
    fields: (t) => ({
      post: t.prismaField({
        type: 'Post',
        description: 'The content written: a library item, a page, or the post appended to.',
        resolve: (query, r, _a, ctx) => ctx.platform.prisma.post.findUniqueOrThrow({ ...query, where: { id: r.post.id } }),
      }),
      template: t.field({ type: TemplateRef, resolve: (r) => r.template }),
      sections: t.stringList({ description: 'Keys of the sections written, in order.', resolve: (r) => r.sections }),
      requirements: t.field({ type: RequirementsRef, resolve: (r) => r.requirements }),
      forced: t.exposeBoolean('forced', { description: 'True when unmet requirements were overridden with force.' }),
    }),
  });

  const CloudStatusRef = builder.objectRef<CloudStatus>('TemplatesCloudStatus').implement({
    fields: (t) => ({
      configured: t.exposeBoolean('configured', { description: 'TEMPLATES_CLOUD_URL is set.' }),
      optout: t.exposeBoolean('optout', { description: 'The site turned cloud templates off.' }),
      enabled: t.exposeBoolean('enabled', { description: 'Configured and not opted out.' }),
      fetchedAt: t.expose('fetchedAt', { type: 'DateTime', nullable: true, description: 'Last successful fetch.' }),
      attemptedAt: t.expose('attemptedAt', { type: 'DateTime', nullable: true }),
      stale: t.exposeBoolean('stale', { description: 'Older than TEMPLATES_CLOUD_TTL (refreshed on the next catalog read).' }),
      lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last attempt failed; null after a success.' }),
      lastErrorAt: t.expose('lastErrorAt', { type: 'DateTime', nullable: true }),
      entries: t.exposeInt('entries', { description: 'Cloud templates in the cache.' }),
      refreshing: t.exposeBoolean('refreshing'),
    }),
  });

  const RejectedRef = builder.objectRef<Rejected>('TemplateSyncRejection').implement({
    fields: (t) => ({ index: t.exposeInt('index'), key: t.exposeString('key', { nullable: true }), error: t.exposeString('error') }),
  });

  const SyncResultRef = builder.objectRef<SyncResult>('TemplateSyncResult').implement({
    fields: (t) => ({
      status: t.expose('status', { type: enumType(builder, SyncStatus) }),
      syncedAt: t.expose('syncedAt', { type: 'DateTime' }),
      added: t.exposeStringList('added'),
      updated: t.exposeStringList('updated'),
      removed: t.exposeStringList('removed'),
      unchanged: t.exposeInt('unchanged'),
      rejected: t.field({ type: [RejectedRef], description: 'Entries skipped because they are invalid.', resolve: (r) => r.rejected }),
      error: t.exposeString('error', { nullable: true }),
      cloud: t.field({ type: CloudStatusRef, resolve: (r) => r.cloud }),
    }),
  });

  const ProblemRef = builder.objectRef<LoadProblem>('TemplateLoadProblem').implement({
    fields: (t) => ({ path: t.exposeString('path'), error: t.exposeString('error') }),
  });


  const StatusRef = builder.objectRef<StatusShape>('TemplatesStatus').implement({
    fields: (t) => ({
      bundled: t.exposeInt('bundled', { description: 'Bundled templates loaded.' }),
      folders: t.exposeStringList('folders', { description: 'Folders read (this module and tpl_extra_paths).' }),
      problems: t.field({ type: [ProblemRef], description: 'Template files skipped as broken.', resolve: (s) => s.problems }),
      cloud: t.field({ type: CloudStatusRef, resolve: (s) => s.cloud }),
    }),
  });
  return { RequirementsRef, SectionRef, TemplateRef, TemplatePage, WriteResultRef, CloudStatusRef, SyncResultRef, StatusRef };
});
