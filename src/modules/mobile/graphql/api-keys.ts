// API keys over REST under mobile/v1: the GraphQL fields are the core's (apiKeys, createApiKey, revokeApiKey, with
// their declared inputs); this module serves them as routes, which go when the module is left out.
import { schemaPart } from '../../../graphql/builder.ts';
import { deleted, hoist, restOn } from '../../../rest/binding.ts';
import { API_KEY } from './selections.ts';

export const mobileApiKeysSchema = schemaPart((builder) => {
  restOn(builder, 'Query.apiKeys', 'GET /mobile/v1/api-keys', {
    summary: "The caller's API keys (revoked ones included, with their revocation time)",
    select: API_KEY,
    everyPage: true,
  });
  restOn(builder, 'Mutation.createApiKey', 'POST /mobile/v1/api-keys', {
    summary: 'Create an API key (svc_…); the key is in this answer only',
    select: `key apiKey { ${API_KEY} }`,
    result: hoist('apiKey'), // the key's fields with the raw key beside them, not the GraphQL pair
    status: 201,
  });
  restOn(builder, 'Mutation.revokeApiKey', 'DELETE /mobile/v1/api-keys/:id', {
    summary: 'Revoke an API key',
    select: API_KEY,
    result: deleted,
  });
});
