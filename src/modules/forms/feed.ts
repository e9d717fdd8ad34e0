// The mailing feed: after an entry is stored, a form with a feed asks (through the bus, so Forms works with or
// without the mailing module) for the submitted address to be subscribed to a list with tags. A feed with a
// consent field only asks when the box was ticked; one without asks for an unconfirmed subscription.
import type { MailingSubscriptionRequest } from '../../platform/contracts.ts';
import type { MailingFeed } from './definition/types.ts';
import type { FieldValue } from './submission/values.ts';

export function subscriptionRequest(
  feed: MailingFeed | null,
  ids: { formId: number; entryId: number },
  values: Record<string, FieldValue>,
): MailingSubscriptionRequest | null {
  if (!feed?.enabled) return null;
  const email = values[feed.emailField];
  if (typeof email !== 'string' || !email) return null;
  const consent = feed.consentField ? values[feed.consentField] === true : false;
  if (feed.consentField && !consent) return null;
  const firstName = feed.firstNameField ? values[feed.firstNameField] : null;
  return {
    email,
    firstName: typeof firstName === 'string' ? firstName : null,
    listId: feed.listId,
    tagSlugs: [...feed.tagSlugs],
    source: `forms:${ids.formId}:entry:${ids.entryId}`,
    consent,
  };
}
