// GraphQL root fields of the templates module. Every one needs manage_options; writes into a given post also need
// edit_post on it, asserted in the service.
import { schemaPart } from '../../../graphql/builder.ts';
import { requiresCapability } from '../../../graphql/access.ts';
import { pageFieldArgs } from '../../../graphql/pagination.ts';
import { findTemplate, listCatalog } from '../catalog.ts';
import { appendTemplate, createPageFromTemplate, importTemplate } from '../import.ts';
import { checkRequirements } from '../requirements.ts';
import { templatesOf } from '../runtime.ts';
import { templateTypes } from './types.ts';

const admin = () => requiresCapability('manage_options');

export const templateFields = schemaPart((builder) => {
  const { CloudStatusRef, RequirementsRef, SectionRef, StatusRef, SyncResultRef, TemplatePage, TemplateRef, WriteResultRef } = templateTypes(builder);
  builder.queryFields((t) => ({
    templateCatalog: t.field({
      type: TemplatePage,
      description: 'Bundled and cloud templates merged (cloud entries leave when the site opts out).',
      ...admin(),
      args: {
        ...pageFieldArgs(t),
        category: t.arg.string(),
        search: t.arg.string({ description: 'Matches key, title, description, category and tags.' }),
        source: t.arg.string({ description: 'bundled or cloud.' }),
        orderby: t.arg.string({ description: 'title (default), key, category or source.' }),
        order: t.arg.string({ description: 'asc (default) or desc.' }),
      },
      resolve: (_r, args, ctx) => listCatalog(ctx.platform, args),
    }),
    catalogTemplate: t.field({
      type: TemplateRef,
      ...admin(),
      args: { key: t.arg.string({ required: true }) },
      resolve: (_r, { key }, ctx) => findTemplate(ctx.platform, key),
    }),
    templateRequirements: t.field({
      type: RequirementsRef,
      ...admin(),
      args: { key: t.arg.string({ required: true }) },
      resolve: async (_r, { key }, ctx) => checkRequirements(ctx.platform, await findTemplate(ctx.platform, key)),
    }),
    templateSections: t.field({
      type: [SectionRef],
      ...admin(),
      args: { key: t.arg.string({ required: true }) },
      resolve: async (_r, { key }, ctx) => {
        const template = await findTemplate(ctx.platform, key);
        return template.sections.map((section) => ({ template, section }));
      },
    }),
    templatesStatus: t.field({
      type: StatusRef,
      description: 'Bundled files loaded or skipped as broken, and the state of the cloud cache.',
      ...admin(),
      resolve: async (_r, _a, ctx) => {
        const rt = templatesOf(ctx.platform);
        const bundled = await rt.bundled();
        return { bundled: bundled.templates.size, folders: bundled.folders, problems: bundled.problems, cloud: await rt.cloud.status() };
      },
    }),
  }));

  const FORCE = 'Use the template even if its requirements are unmet (otherwise 409).';

  builder.mutationFields((t) => ({
    importTemplate: t.field({
      type: WriteResultRef,
      description: 'Saves the template into the site template library (content type tpl_template).',
      ...admin(),
      args: { key: t.arg.string({ required: true }), status: t.arg.string({ description: 'draft (default), pending, private or publish.' }), force: t.arg.boolean({ description: FORCE }) },
      resolve: (_r, args, ctx) => importTemplate(ctx.platform, ctx.principal, args),
    }),
    createPageFromTemplate: t.field({
      type: WriteResultRef,
      ...admin(),
      args: { key: t.arg.string({ required: true }), title: t.arg.string(), status: t.arg.string(), force: t.arg.boolean({ description: FORCE }) },
      resolve: (_r, args, ctx) => createPageFromTemplate(ctx.platform, ctx.principal, args),
    }),
    appendTemplate: t.field({
      type: WriteResultRef,
      description: 'Appends the template sections (all, or those named, in that order) to a post the caller may edit.',
      ...admin(),
      args: {
        key: t.arg.string({ required: true }),
        postId: t.arg.int({ required: true }),
        sections: t.arg.stringList(),
        force: t.arg.boolean({ description: FORCE }),
      },
      resolve: (_r, args, ctx) => appendTemplate(ctx.platform, ctx.principal, args),
    }),
    syncTemplates: t.field({
      type: SyncResultRef,
      description: 'Fetches the cloud catalog now, bypassing the cached copy, and answers what changed.',
      ...admin(),
      resolve: (_r, _a, ctx) => templatesOf(ctx.platform).cloud.sync(),
    }),
    setTemplatesCloudOptout: t.field({
      type: CloudStatusRef,
      description: 'Turns cloud templates off (true) or back on (false) for the site.',
      ...admin(),
      args: { optout: t.arg.boolean({ required: true }) },
      resolve: (_r, { optout }, ctx) => templatesOf(ctx.platform).cloud.setOptout(optout),
    }),
  }));
});
