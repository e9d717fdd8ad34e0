// A field answering a Prisma model through a join table (a subscriber's tags through mailer_subscriber_tags) plans
// the target's columns with nestedSelection, and the plugin records where that plan's mapping is under the
// resolver's info.path object. REST runs its operations compiled by graphql-jit, which builds a fresh path object
// for every resolver call: the target's fields (in select mode) find no mapping there and reload each object (one
// more statement per request). Recording the mapping under its path string as well lets them find it with both
// executors: every row of the field was loaded by the same plan, which is what the shared record says.
import { getLoaderMapping, setLoaderMappings } from '@pothos/selection-mapper';
import type { GraphQLResolveInfo } from 'graphql';

/** Call in the resolver of such a field, with its parent row. */
export function shareJoinMapping(ctx: object, info: GraphQLResolveInfo, parent: object) {
  const mapping = getLoaderMapping(ctx, info.path, info.parentType.name, parent);
  if (mapping) setLoaderMappings(ctx, info, mapping.nested);
}
