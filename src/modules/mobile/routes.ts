// REST face of mobile/v1: thin routes over the GraphQL fields (the same access rules and errors on both faces).
import { arrayOf, int, str } from '../../input/rules.ts';
import { deleted, route } from '../../rest/route.ts';

const TOKENS = `access_token: accessToken refresh_token: refreshToken token_type: tokenType expires_in: expiresIn
  user { id display_name: displayName email }`;
const SESSION = `id user_id: userId install_id: installId created_at: createdAt last_used_at: lastUsedAt
  expires_at: expiresAt revoked_at: revokedAt ip last_ip: lastIp user_agent: userAgent current`;
const API_KEY = `id user_id: userId name prefix scopes created_at: createdAt last_used_at: lastUsedAt last_ip: lastIp
  revoked_at: revokedAt`;

const userId = int({ description: 'Another user (needs edit_users).', minimum: 1 });

export const routes = [
  route('POST', '/mobile/v1/auth/login', {
    summary: 'Log in with a username (or e-mail) and password; header X-App-Install-Id (UUID) required',
    args: {
      username: str({ required: true, minLength: 1, maxLength: 200, description: 'Username or e-mail address.' }),
      password: str({ required: true, minLength: 1, maxLength: 512 }),
    },
    operation: `mutation ($username: String!, $password: String!) { mobileLogin(username: $username, password: $password) { ${TOKENS} } }`,
  }),
  route('POST', '/mobile/v1/auth/refresh', {
    summary: 'Exchange a refresh token for a new token pair (the old one is spent); header X-App-Install-Id required',
    args: { refresh_token: str({ required: true, minLength: 1, maxLength: 4096 }) },
    operation: `mutation ($refreshToken: String!) { mobileRefresh(refreshToken: $refreshToken) { ${TOKENS} } }`,
  }),
  route('POST', '/mobile/v1/auth/logout', {
    summary: 'End the session of the access token used, or of the refresh token given',
    args: { refresh_token: str({ minLength: 1, maxLength: 4096 }) },
    operation: `mutation ($refreshToken: String) { mobileLogout(refreshToken: $refreshToken) { ${SESSION} } }`,
  }),
  route('GET', '/mobile/v1/me', {
    summary: 'The caller',
    operation: `query { mobileMe { id username display_name: displayName email roles auth_method: authMethod capabilities
      session { ${SESSION} } } }`,
  }),
  route('GET', '/mobile/v1/sessions', {
    summary: "The caller's live device sessions, most recently used first",
    args: {
      page: int({ description: 'Current page of the collection.', default: 1, minimum: 1 }),
      per_page: int({ description: 'Maximum number of items to be returned in result set.', default: 10, minimum: 1, maximum: 100 }),
      user_id: userId,
    },
    operation: `query ($page: Int, $perPage: Int, $userId: Int) {
      mobileSessions(page: $page, perPage: $perPage, userId: $userId) { total page perPage items { ${SESSION} } } }`,
    paginated: true,
  }),
  route('DELETE', '/mobile/v1/sessions/:id', {
    summary: 'End a device session: its tokens stop working at once',
    args: { id: int({ required: true, minimum: 1 }) },
    operation: `mutation ($id: Int!) { revokeMobileSession(id: $id) { ${SESSION} } }`,
    result: (d) => deleted(d.revokeMobileSession),
  }),
  route('GET', '/mobile/v1/api-keys', {
    summary: "The caller's API keys (revoked ones included, with their revocation time)",
    args: { user_id: userId },
    operation: `query ($userId: Int) { apiKeys(userId: $userId) { ${API_KEY} } }`,
  }),
  route('POST', '/mobile/v1/api-keys', {
    summary: 'Create an API key (svc_…); the key is in this answer only',
    args: {
      name: str({ required: true, minLength: 1, maxLength: 100 }),
      scopes: arrayOf(str({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: 50,
        description: 'Capabilities or API scopes (e.g. mailer:events); default ["*"] (all of the owner\'s).',
      }),
      user_id: userId,
    },
    operation: `mutation ($name: String!, $scopes: [String!], $userId: Int) {
      createApiKey(name: $name, scopes: $scopes, userId: $userId) { key apiKey { ${API_KEY} } } }`,
    result: (d) => ({ ...d.createApiKey.apiKey, key: d.createApiKey.key }),
    status: 201,
  }),
  route('DELETE', '/mobile/v1/api-keys/:id', {
    summary: 'Revoke an API key',
    args: { id: int({ required: true, minimum: 1 }) },
    operation: `mutation ($id: Int!) { revokeApiKey(id: $id) { ${API_KEY} } }`,
    result: (d) => deleted(d.revokeApiKey),
  }),
];
