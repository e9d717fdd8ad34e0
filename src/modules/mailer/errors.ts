// The module's error codes (status follows the naming convention: _not_found 404, _exists/_conflict 409, else 400).
import { AppError, defineErrors, notFound } from '../../platform/errors.ts';

export const subscriberNotFound = () => notFound('mailer_subscriber_not_found', 'Subscriber not found.');
export const listNotFound = (id?: number) =>
  notFound('mailer_list_not_found', id ? `List ${id} not found.` : 'List not found.');
export const tagNotFound = (id?: number) =>
  notFound('mailer_tag_not_found', id ? `Tag ${id} not found.` : 'Tag not found.');
export const segmentNotFound = (id?: number) =>
  notFound('mailer_segment_not_found', id ? `Segment ${id} not found.` : 'Segment not found.');
export const campaignNotFound = () => notFound('mailer_campaign_not_found', 'Campaign not found.');
export const subscriberExists = () =>
  new AppError('mailer_subscriber_exists', 'A subscriber with this e-mail address already exists.');
export const tagExists = () => new AppError('mailer_tag_exists', 'A tag with this slug already exists.');
/** A campaign action that its current status does not allow (send a sent campaign, edit while sending…). */
export const campaignConflict = (status: string, action: string) =>
  new AppError('mailer_campaign_conflict', `A ${status} campaign cannot be ${action}.`, {
    data: { campaign_status: status },
  });
/** The codes whose status the naming rules do not give (Module.errors: the start-up check sees them). */
export const mailerErrors = defineErrors({ mailer_smtp_missing: 409 });
/** A send needs the mail transport, which is configuration (the server's environment or its env file), not input. */
export const smtpMissing = () =>
  mailerErrors.error(
    'mailer_smtp_missing',
    'No SMTP transport is configured: set SMTP_URL (in the environment or the env file) before sending.',
  );
