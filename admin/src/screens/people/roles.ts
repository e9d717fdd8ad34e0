// The site's roles (the platform's fixed set, src/platform/capabilities.ts ROLE_NAMES); the server checks every change.
export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber', 'shop_manager'].map((r) => ({
  value: r,
  label: r.replace('_', ' '),
}));
