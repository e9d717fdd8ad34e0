// REST routes of templates/v1: each runs one GraphQL operation of this module (schema/fields.ts).
import { POST_STATUSES } from '../../platform/content/service.ts';
import { arrayOf, bool, collectionArgs, int, str } from '../../input/rules.ts';
import { route } from '../../rest/route.ts';
import { KEY_PATTERN, SOURCES } from './entry.ts';
import { ORDERBY } from './catalog.ts';

const key = str({ required: true, pattern: KEY_PATTERN, description: 'Template key.' });
const status = str({ enum: POST_STATUSES, default: 'draft', description: 'Status of the content created.' });
const force = bool({ default: false, description: 'Use the template even if its requirements are unmet (otherwise 409).' });

const REQUIREMENTS = 'requirements { key met modules { name met } atrium { required installed met } messages }';
const ENTRY = `key title description category tags preview_image: previewImage source version ${REQUIREMENTS} sections { key title }`;
const CLOUD = `configured optout enabled fetched_at: fetchedAt attempted_at: attemptedAt stale last_error: lastError
  last_error_at: lastErrorAt entries refreshing`;
const WRITE = `post { id type title slug status author_id: authorId excerpt content meta
    created_at: createdAt updated_at: updatedAt published_at: publishedAt }
  template { key title version source } sections ${REQUIREMENTS} forced`;

/** A write answers the content written (a post), with what template went into it. */
const written = (r: { post: Record<string, unknown> } & Record<string, unknown>) => {
  const { post, ...rest } = r;
  return { ...post, ...rest };
};

export const routes = [
  route('GET', '/templates/v1/catalog', {
    summary: 'Bundled and cloud templates, merged',
    args: {
      ...collectionArgs,
      category: str({ maxLength: 40, description: 'Only this category.' }),
      source: str({ enum: SOURCES, description: 'Only bundled or only cloud templates.' }),
      orderby: str({ enum: ORDERBY, default: 'title' }),
      order: str({ enum: ['asc', 'desc'], default: 'asc' }),
    },
    operation: `query ($page: Int, $perPage: Int, $search: String, $category: String, $source: String, $orderby: String, $order: String) {
      templateCatalog(page: $page, perPage: $perPage, search: $search, category: $category, source: $source, orderby: $orderby, order: $order) {
        total page perPage items { ${ENTRY} }
      }
    }`,
    paginated: true,
  }),
  route('GET', '/templates/v1/catalog/:key', {
    summary: 'One catalog entry',
    args: { key },
    operation: `query ($key: String!) { catalogTemplate(key: $key) { ${ENTRY} } }`,
  }),
  route('POST', '/templates/v1/import', {
    summary: 'Save a template into the site template library',
    args: { key, status, force },
    operation: `mutation ($key: String!, $status: String, $force: Boolean) { importTemplate(key: $key, status: $status, force: $force) { ${WRITE} } }`,
    result: (d) => written(d.importTemplate),
    status: 201,
  }),
  route('POST', '/templates/v1/import/:key', {
    summary: 'Save the template named in the path into the site template library',
    args: { key, status, force },
    operation: `mutation ($key: String!, $status: String, $force: Boolean) { importTemplate(key: $key, status: $status, force: $force) { ${WRITE} } }`,
    result: (d) => written(d.importTemplate),
    status: 201,
  }),
  route('GET', '/templates/v1/requirements/:key', {
    summary: 'Requirements of a template, each met or not',
    args: { key },
    operation: `query ($key: String!) { templateRequirements(key: $key) { key met modules { name met } atrium { required installed met } messages } }`,
  }),
  route('GET', '/templates/v1/template/:key/sections', {
    summary: 'Sections of a template, with their blocks and markup',
    args: { key },
    operation: `query ($key: String!) { templateSections(key: $key) { key title blocks content } }`,
  }),
  route('POST', '/templates/v1/template/:key/page', {
    summary: 'Create a page from a template',
    args: { key, title: str({ minLength: 1, maxLength: 200, description: 'Page title (default: the template title).' }), status, force },
    operation: `mutation ($key: String!, $title: String, $status: String, $force: Boolean) {
      createPageFromTemplate(key: $key, title: $title, status: $status, force: $force) { ${WRITE} }
    }`,
    result: (d) => written(d.createPageFromTemplate),
    status: 201,
  }),
  route('POST', '/templates/v1/template/:key/append/:post_id', {
    summary: 'Append template sections to an existing post (edit_post on it required)',
    args: {
      key,
      post_id: int({ required: true, minimum: 1 }),
      sections: arrayOf(str({ pattern: KEY_PATTERN }), { maxItems: 100, description: 'Section keys, in order (default: all).' }),
      force,
    },
    operation: `mutation ($key: String!, $postId: Int!, $sections: [String!], $force: Boolean) {
      appendTemplate(key: $key, postId: $postId, sections: $sections, force: $force) { ${WRITE} }
    }`,
    result: (d) => written(d.appendTemplate),
  }),
  route('POST', '/templates/v1/sync', {
    summary: 'Fetch the cloud catalog now, bypassing the cached copy',
    operation: `mutation { syncTemplates { status synced_at: syncedAt added updated removed unchanged rejected { index key error } error cloud { ${CLOUD} } } }`,
  }),
  route('POST', '/templates/v1/cloud-optout', {
    summary: 'Turn cloud templates off (optout true, the default) or back on (optout false)',
    args: { optout: bool({ default: true }) },
    operation: `mutation ($optout: Boolean!) { setTemplatesCloudOptout(optout: $optout) { ${CLOUD} } }`,
  }),
];
