// Events that cross module boundaries, declared here so that neither side has to import the other:
// a module that emits one works whether or not a module that listens is installed.

export interface MailingSubscriptionRequest {
  email: string;
  firstName?: string | null;
  /** Mailing list to join. */
  listId?: number | null;
  /** Tag slugs to add (created when missing). */
  tagSlugs?: string[];
  /** Where the request came from, e.g. `forms:12:entry:345`. */
  source: string;
  /** Whether the person gave explicit consent (a consent field); unconfirmed when false. */
  consent: boolean;
}

declare module './events.ts' {
  interface AtriumEvents {
    /** Someone asked to be subscribed (e.g. a form with a mailing feed). The mailing module handles it. */
    'mailing/subscription/requested': MailingSubscriptionRequest;
  }
}
