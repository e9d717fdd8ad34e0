// What the templates/v1 routes answer: GraphQL selections with the REST (snake_case) names.
import { hoist } from '../../../rest/binding.ts';

export const REQUIREMENTS = 'key met modules { name met } atrium { required installed met } messages';
export const ENTRY = `key title description category tags preview_image: previewImage source version requirements { ${REQUIREMENTS} } sections { key title }`;
export const SECTION = 'key title blocks content';
export const CLOUD = `configured optout enabled fetched_at: fetchedAt attempted_at: attemptedAt stale last_error: lastError
  last_error_at: lastErrorAt entries refreshing`;
export const SYNC = `status synced_at: syncedAt added updated removed unchanged rejected { index key error } error cloud { ${CLOUD} }`;
export const WRITE = `post { id type title slug status author_id: authorId excerpt content meta
    created_at: createdAt updated_at: updatedAt published_at: publishedAt }
  template { key title version source } sections requirements { ${REQUIREMENTS} } forced`;

/** A write answers the content written (a post), with what template went into it. */
export const written = hoist('post');
