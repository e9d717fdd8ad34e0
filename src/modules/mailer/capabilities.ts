// One capability guards the whole audience and every campaign: whoever can edit a list can also mail it, and the
// subscriber table is personal data. Administrators only, as MailPoet and FluentCRM ship by default.
import type { RoleGrants } from '../../platform/capabilities.ts';

export const MAILER_MANAGE = 'mailer_manage';
/** API-key scope of POST /mailer/v1/events (inbound subscribe/unsubscribe/tag/untag). */
export const MAILER_EVENTS_SCOPE = 'mailer:events';

export const mailerCapabilities: RoleGrants = { administrator: [MAILER_MANAGE] };
