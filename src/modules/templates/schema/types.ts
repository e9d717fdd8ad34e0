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
  const ModuleRequirement = builder
    .objectRef<RequirementReport['modules'][number]>('TemplateModuleRequirement')
    .implement({
      description: 'A module a template needs.',
      fields: (t) => ({
        name: t.exposeString('name', { description: 'Module name, as in docs/modules.md.' }),
        met: t.exposeBoolean('met', { description: 'Whether the module is installed on this site.' }),
      }),
    });

  const VersionRequirement = builder
    .objectRef<NonNullable<RequirementReport['atrium']>>('TemplateVersionRequirement')
    .implement({
      description: 'The minimum Atrium version a template needs (SemVer).',
      fields: (t) => ({
        required: t.exposeString('required', { description: 'Minimum Atrium version.' }),
        installed: t.exposeString('installed', { description: 'The Atrium version running.' }),
        met: t.exposeBoolean('met', { description: 'Whether the installed version is the required one or later.' }),
      }),
    });

  const RequirementsRef = builder.objectRef<RequirementReport>('TemplateRequirements').implement({
    description: 'What a template needs, each requirement reported met or not.',
    fields: (t) => ({
      key: t.exposeString('key', { description: 'Key of the template.' }),
      met: t.exposeBoolean('met', { description: 'True when every requirement is met.' }),
      modules: t.field({
        type: [ModuleRequirement],
        description: 'Modules the template needs; empty when none.',
        resolve: (r) => r.modules,
      }),
      atrium: t.field({
        type: VersionRequirement,
        nullable: true,
        description: 'Minimum Atrium version; null when the template names none.',
        resolve: (r) => r.atrium,
      }),
      messages: t.exposeStringList('messages', { description: 'One sentence per unmet requirement.' }),
    }),
  });

  const SectionRef = builder.objectRef<SectionShape>('TemplateSection').implement({
    description: 'A part of a template that can be written on its own (appendTemplate sections).',
    fields: (t) => ({
      key: t.string({
        description: 'Unique within the template; what appendTemplate sections name.',
        resolve: (s) => s.section.key,
      }),
      title: t.string({ description: 'Name shown to administrators.', resolve: (s) => s.section.title }),
      blocks: t.field({
        type: ['JSON'],
        description: 'The content blocks (docs/templates.md).',
        resolve: (s) => s.section.blocks,
      }),
      content: t.string({
        description: 'The section as block markup, as it is written into content.',
        resolve: (s) => sectionMarkup(s.template.key, s.section),
      }),
    }),
  });

  const TemplateRef = builder.objectRef<Template>('Template').implement({
    description: 'A catalog entry, bundled or from the cloud.',
    fields: (t) => ({
      key: t.exposeString('key', {
        description: 'Unique in the catalog: lower-case letters, digits and -, at most 64.',
      }),
      title: t.exposeString('title', { description: 'Name shown to administrators.' }),
      description: t.exposeString('description', { description: 'What the template is for; empty when none.' }),
      category: t.exposeString('category', { description: 'Category slug the catalog filters by.' }),
      tags: t.exposeStringList('tags', { description: 'Lower-case tags the catalog search matches.' }),
      previewImage: t.string({
        nullable: true,
        description: 'http(s) URL of a preview picture; null when none.',
        resolve: (x) => x.preview_image,
      }),
      source: t.expose('source', {
        type: enumType(builder, TemplateSourceEnum),
        description: 'Where the entry comes from.',
      }),
      version: t.exposeString('version', { description: 'Version of the template itself (SemVer).' }),
      requirements: t.field({
        type: RequirementsRef,
        description: 'What it needs, checked against this site now.',
        resolve: (x, _a, ctx) => checkRequirements(ctx.platform, x),
      }),
      sections: t.field({
        type: [SectionRef],
        description: 'Its sections, in order.',
        resolve: (x) => x.sections.map((section) => ({ template: x, section })),
      }),
    }),
  });

  const TemplatePage = objectPage<Template>(builder, 'Template', TemplateRef);

  const WriteResultRef = builder.objectRef<TemplateWrite>('TemplateWriteResult').implement({
    description: 'What importing, creating a page from or appending a template wrote.',
    fields: (t) => ({
      post: t.prismaField({
        type: 'Post',
        description: 'The content written: a library item, a page, or the post appended to.',
        resolve: (query, r, _a, ctx) =>
          ctx.platform.prisma.post.findUniqueOrThrow({ ...query, where: { id: r.post.id } }),
      }),
      template: t.field({ type: TemplateRef, description: 'The template used.', resolve: (r) => r.template }),
      sections: t.stringList({ description: 'Keys of the sections written, in order.', resolve: (r) => r.sections }),
      requirements: t.field({
        type: RequirementsRef,
        description: 'Its requirements as checked at writing.',
        resolve: (r) => r.requirements,
      }),
      forced: t.exposeBoolean('forced', { description: 'True when unmet requirements were overridden with force.' }),
    }),
  });

  const CloudStatusRef = builder.objectRef<CloudStatus>('TemplatesCloudStatus').implement({
    description: 'State of the cloud catalog cache shared by every instance.',
    fields: (t) => ({
      configured: t.exposeBoolean('configured', { description: 'TEMPLATES_CLOUD_URL is set.' }),
      optout: t.exposeBoolean('optout', { description: 'The site turned cloud templates off.' }),
      enabled: t.exposeBoolean('enabled', { description: 'Configured and not opted out.' }),
      fetchedAt: t.expose('fetchedAt', { type: 'DateTime', nullable: true, description: 'Last successful fetch.' }),
      attemptedAt: t.expose('attemptedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'Last fetch attempt, successful or not (UTC); null before any.',
      }),
      stale: t.exposeBoolean('stale', {
        description: 'Older than TEMPLATES_CLOUD_TTL (refreshed on the next catalog read).',
      }),
      lastError: t.exposeString('lastError', {
        nullable: true,
        description: 'Why the last attempt failed; null after a success.',
      }),
      lastErrorAt: t.expose('lastErrorAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When the last attempt failed (UTC); null after a success.',
      }),
      entries: t.exposeInt('entries', { description: 'Cloud templates in the cache.' }),
      refreshing: t.exposeBoolean('refreshing', { description: 'A background refresh is running in this instance.' }),
    }),
  });

  const RejectedRef = builder.objectRef<Rejected>('TemplateSyncRejection').implement({
    description: 'A cloud catalog entry skipped as invalid.',
    fields: (t) => ({
      index: t.exposeInt('index', { description: 'Position of the entry in the cloud catalog, from 0.' }),
      key: t.exposeString('key', { nullable: true, description: 'Its key; null when it has no readable key.' }),
      error: t.exposeString('error', { description: 'Why it was skipped.' }),
    }),
  });

  const SyncResultRef = builder.objectRef<SyncResult>('TemplateSyncResult').implement({
    description: 'The outcome of a forced fetch of the cloud catalog.',
    fields: (t) => ({
      status: t.expose('status', {
        type: enumType(builder, SyncStatus),
        description: 'Whether the fetch ran and succeeded.',
      }),
      syncedAt: t.expose('syncedAt', { type: 'DateTime', description: 'When the sync ran (UTC).' }),
      added: t.exposeStringList('added', { description: 'Keys of templates new in the cache.' }),
      updated: t.exposeStringList('updated', { description: 'Keys of templates whose content changed.' }),
      removed: t.exposeStringList('removed', { description: 'Keys of templates no longer in the cloud catalog.' }),
      unchanged: t.exposeInt('unchanged', { description: 'Templates kept as they were.' }),
      rejected: t.field({
        type: [RejectedRef],
        description: 'Entries skipped because they are invalid.',
        resolve: (r) => r.rejected,
      }),
      error: t.exposeString('error', {
        nullable: true,
        description: 'Why the sync failed; null unless status is failed.',
      }),
      cloud: t.field({ type: CloudStatusRef, description: 'The cache state after the sync.', resolve: (r) => r.cloud }),
    }),
  });

  const ProblemRef = builder.objectRef<LoadProblem>('TemplateLoadProblem').implement({
    description: 'A bundled template file skipped as broken.',
    fields: (t) => ({
      path: t.exposeString('path', { description: 'Path of the file on the server.' }),
      error: t.exposeString('error', { description: 'Why it was skipped.' }),
    }),
  });

  const StatusRef = builder.objectRef<StatusShape>('TemplatesStatus').implement({
    description: 'Health of the template catalog: bundled files and the cloud cache.',
    fields: (t) => ({
      bundled: t.exposeInt('bundled', { description: 'Bundled templates loaded.' }),
      folders: t.exposeStringList('folders', { description: 'Folders read (this module and tpl_extra_paths).' }),
      problems: t.field({
        type: [ProblemRef],
        description: 'Template files skipped as broken.',
        resolve: (s) => s.problems,
      }),
      cloud: t.field({ type: CloudStatusRef, description: 'State of the cloud cache.', resolve: (s) => s.cloud }),
    }),
  });
  return {
    RequirementsRef,
    SectionRef,
    TemplateRef,
    TemplatePage,
    WriteResultRef,
    CloudStatusRef,
    SyncResultRef,
    StatusRef,
  };
});
