// The host platform's roles and capabilities (WordPress core's populate_roles, plus WooCommerce's shop_manager).
// Modules add capabilities to roles through Module.capabilities; meta-capabilities live in meta-capabilities.ts.

export const ROLE_NAMES = ['administrator', 'editor', 'author', 'contributor', 'subscriber', 'shop_manager'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const AUTHOR = [
  'read',
  'upload_files',
  'edit_posts',
  'edit_published_posts',
  'publish_posts',
  'delete_posts',
  'delete_published_posts',
];

const EDITOR = [
  ...AUTHOR,
  'moderate_comments',
  'manage_categories',
  'manage_links',
  'unfiltered_html',
  'edit_others_posts',
  'delete_others_posts',
  'edit_private_posts',
  'read_private_posts',
  'delete_private_posts',
  'edit_pages',
  'edit_others_pages',
  'edit_published_pages',
  'publish_pages',
  'delete_pages',
  'delete_others_pages',
  'delete_published_pages',
  'edit_private_pages',
  'read_private_pages',
  'delete_private_pages',
];

const ADMINISTRATOR = [
  ...EDITOR,
  'manage_options',
  'switch_themes',
  'edit_themes',
  'activate_plugins',
  'edit_plugins',
  'install_plugins',
  'update_plugins',
  'delete_plugins',
  'edit_users',
  'create_users',
  'delete_users',
  'list_users',
  'remove_users',
  'promote_users',
  'edit_files',
  'import',
  'export',
  'unfiltered_upload',
  'edit_dashboard',
  'update_themes',
  'install_themes',
  'delete_themes',
  'update_core',
  'edit_theme_options',
];

const SHOP_MANAGER = [
  ...EDITOR.filter((c) => c !== 'unfiltered_html'),
  'list_users',
  'edit_theme_options',
  'export',
  'import',
  'manage_woocommerce',
  'view_woocommerce_reports',
];

const CORE_ROLES: Record<RoleName, readonly string[]> = {
  administrator: ADMINISTRATOR,
  editor: EDITOR,
  author: AUTHOR,
  contributor: ['read', 'edit_posts', 'delete_posts'],
  subscriber: ['read'],
  shop_manager: SHOP_MANAGER,
};

export type RoleGrants = Partial<Record<RoleName, readonly string[]>>;

/** Roles with the capabilities every installed module added to them. */
export class Roles {
  readonly #caps = new Map<string, Set<string>>();

  constructor(grants: RoleGrants[] = []) {
    for (const role of ROLE_NAMES) this.#caps.set(role, new Set(CORE_ROLES[role]));
    for (const grant of grants) {
      for (const [role, caps] of Object.entries(grant)) for (const cap of caps ?? []) this.#caps.get(role)?.add(cap);
    }
  }

  isRole(name: string): name is RoleName {
    return this.#caps.has(name);
  }

  /** Union of the capabilities of the given roles. Unknown roles grant nothing. */
  capabilitiesOf(roles: readonly string[]): Set<string> {
    const out = new Set<string>();
    for (const role of roles) for (const cap of this.#caps.get(role) ?? []) out.add(cap);
    return out;
  }

  /** Every capability any role has (for listing and validation of API key scopes). */
  all(): string[] {
    return [...new Set([...this.#caps.values()].flatMap((s) => [...s]))].sort();
  }
}
