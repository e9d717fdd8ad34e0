// GraphQL root fields of the templates module, each with its declared arguments and its templates/v1 route. Every
// one needs manage_options; writes into a given post also need edit_post on it, asserted in the service.
import { schemaPart } from '../../../graphql/builder.ts';
import { requiresAdmin } from '../../../graphql/access.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { rest } from '../../../rest/binding.ts';
import { CatalogFilter, findTemplate, listCatalog, TemplateKeyArgs } from '../catalog.ts';
import { CloudOptoutArgs } from '../cloud.ts';
import {
  appendTemplate,
  createPageFromTemplate,
  importTemplate,
  TemplateAppend,
  TemplateImport,
  TemplatePage,
} from '../import.ts';
import { checkRequirements } from '../requirements.ts';
import { templatesOf } from '../runtime.ts';
import { CLOUD, ENTRY, REQUIREMENTS, SECTION, SYNC, WRITE, written } from './selections.ts';
import { templateTypes } from './types.ts';

export const templateFields = schemaPart((builder) => {
  const {
    CloudStatusRef,
    RequirementsRef,
    SectionRef,
    StatusRef,
    SyncResultRef,
    TemplatePage: Page,
    TemplateRef,
    WriteResultRef,
  } = templateTypes(builder);
  builder.queryFields((t) => ({
    templateCatalog: t.field({
      type: Page,
      description: 'Bundled and cloud templates merged (cloud entries leave when the site opts out).',
      ...requiresAdmin(),
      args: zodArgs(t, CatalogFilter.shape),
      ...rest('GET /templates/v1/catalog', {
        summary: 'Bundled and cloud templates, merged',
        select: ENTRY,
        paginated: true,
      }),
      resolve: (_r, args, ctx) => listCatalog(ctx.platform, args),
    }),
    catalogTemplate: t.field({
      type: TemplateRef,
      description: 'One catalog entry.',
      ...requiresAdmin(),
      args: zodArgs(t, TemplateKeyArgs),
      ...rest('GET /templates/v1/catalog/:key', { summary: 'One catalog entry', select: ENTRY }),
      resolve: (_r, { key }, ctx) => findTemplate(ctx.platform, key),
    }),
    templateRequirements: t.field({
      type: RequirementsRef,
      description: 'Requirements of a template, each met or not.',
      ...requiresAdmin(),
      args: zodArgs(t, TemplateKeyArgs),
      ...rest('GET /templates/v1/requirements/:key', {
        summary: 'Requirements of a template, each met or not',
        select: REQUIREMENTS,
      }),
      resolve: async (_r, { key }, ctx) => checkRequirements(ctx.platform, await findTemplate(ctx.platform, key)),
    }),
    templateSections: t.field({
      type: [SectionRef],
      description: 'Sections of a template, with their blocks and markup.',
      ...requiresAdmin(),
      args: zodArgs(t, TemplateKeyArgs),
      ...rest('GET /templates/v1/template/:key/sections', {
        summary: 'Sections of a template, with their blocks and markup',
        select: SECTION,
      }),
      resolve: async (_r, { key }, ctx) => {
        const template = await findTemplate(ctx.platform, key);
        return template.sections.map((section) => ({ template, section }));
      },
    }),
    templatesStatus: t.field({
      type: StatusRef,
      description: 'Bundled files loaded or skipped as broken, and the state of the cloud cache.',
      ...requiresAdmin(),
      resolve: async (_r, _a, ctx) => {
        const rt = templatesOf(ctx.platform);
        const bundled = await rt.bundled();
        return {
          bundled: bundled.templates.size,
          folders: bundled.folders,
          problems: bundled.problems,
          cloud: await rt.cloud.status(),
        };
      },
    }),
  }));

  builder.mutationFields((t) => ({
    importTemplate: t.field({
      type: WriteResultRef,
      description: 'Saves the template into the site template library (content type tpl_template).',
      ...requiresAdmin(),
      args: zodArgs(t, TemplateImport.shape),
      ...rest(
        'POST /templates/v1/import',
        {
          summary: 'Save a template into the site template library',
          select: WRITE,
          result: written,
          status: 201,
          errors: [409],
        },
        [
          'POST /templates/v1/import/:key',
          {
            summary: 'Save the template named in the path into the site template library',
            select: WRITE,
            result: written,
            status: 201,
            errors: [409],
          },
        ],
      ),
      resolve: (_r, args, ctx) => importTemplate(ctx.platform, ctx.principal, args),
    }),
    createPageFromTemplate: t.field({
      type: WriteResultRef,
      description: 'Creates a page from a template.',
      ...requiresAdmin(),
      args: zodArgs(t, TemplatePage.shape),
      ...rest('POST /templates/v1/template/:key/page', {
        summary: 'Create a page from a template',
        select: WRITE,
        result: written,
        status: 201,
        errors: [409],
      }),
      resolve: (_r, args, ctx) => createPageFromTemplate(ctx.platform, ctx.principal, args),
    }),
    appendTemplate: t.field({
      type: WriteResultRef,
      description: 'Appends the template sections (all, or those named, in that order) to a post the caller may edit.',
      ...requiresAdmin(),
      args: zodArgs(t, TemplateAppend.shape),
      ...rest('POST /templates/v1/template/:key/append/:post_id', {
        summary: 'Append template sections to an existing post (edit_post on it required)',
        select: WRITE,
        result: written,
        errors: [409],
      }),
      resolve: (_r, args, ctx) => appendTemplate(ctx.platform, ctx.principal, args),
    }),
    syncTemplates: t.field({
      type: SyncResultRef,
      description: 'Fetches the cloud catalog now, bypassing the cached copy, and answers what changed.',
      ...requiresAdmin(),
      ...rest('POST /templates/v1/sync', {
        summary: 'Fetch the cloud catalog now, bypassing the cached copy',
        select: SYNC,
      }),
      resolve: (_r, _a, ctx) => templatesOf(ctx.platform).cloud.sync(),
    }),
    setTemplatesCloudOptout: t.field({
      type: CloudStatusRef,
      description: 'Turns cloud templates off (true) or back on (false) for the site.',
      ...requiresAdmin(),
      args: zodArgs(t, CloudOptoutArgs),
      ...rest('POST /templates/v1/cloud-optout', {
        summary: 'Turn cloud templates off (optout true, the default) or back on (optout false)',
        select: CLOUD,
      }),
      resolve: (_r, { optout }, ctx) => templatesOf(ctx.platform).cloud.setOptout(optout),
    }),
  }));
});
