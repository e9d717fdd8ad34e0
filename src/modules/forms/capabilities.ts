// The module's capabilities. Managing forms (fields, notification recipients, mailing feeds) is for administrators:
// whoever edits a notification's recipients can route future submissions anywhere. Reading and triaging entries is
// also given to editors and shop managers, who answer the site's enquiries and customers.
import type { RoleGrants } from '../../platform/capabilities.ts';

export const FORMS_MANAGE = 'forms_manage';
export const FORMS_VIEW_ENTRIES = 'forms_view_entries';
export const FORMS_EDIT_ENTRIES = 'forms_edit_entries';

export const formsCapabilities: RoleGrants = {
  administrator: [FORMS_MANAGE, FORMS_VIEW_ENTRIES, FORMS_EDIT_ENTRIES],
  editor: [FORMS_VIEW_ENTRIES, FORMS_EDIT_ENTRIES],
  shop_manager: [FORMS_VIEW_ENTRIES, FORMS_EDIT_ENTRIES],
};
