// What the REST routes of mobile/v1 answer: selections on the GraphQL types, with the contract's snake_case keys.
export const SESSION = `id user_id: userId install_id: installId created_at: createdAt last_used_at: lastUsedAt
  expires_at: expiresAt revoked_at: revokedAt ip last_ip: lastIp user_agent: userAgent current`;
export const TOKENS = `access_token: accessToken refresh_token: refreshToken token_type: tokenType expires_in: expiresIn
  user { id display_name: displayName email }`;
export const ME = `id username display_name: displayName email roles auth_method: authMethod capabilities session { ${SESSION} }`;
export const API_KEY = `id user_id: userId name prefix scopes created_at: createdAt last_used_at: lastUsedAt last_ip: lastIp
  revoked_at: revokedAt`;
