// Events of the mailing module, dispatched after the change is committed.

declare module '../../platform/events.ts' {
  interface AtriumEvents {
    /** A subscriber became subscribed (created so, confirmed, or resubscribed). */
    'mailer/subscriber/subscribed': { subscriberId: number; email: string; source: string };
    /** A subscriber unsubscribed (link, one-click, event or manager); `campaignId` when through a campaign. */
    'mailer/subscriber/unsubscribed': { subscriberId: number; email: string; campaignId: number | null };
    /** Tags were added to a subscriber (only the ones it did not have). */
    'mailer/subscriber/tagged': { subscriberId: number; tagIds: number[] };
    /** Tags were removed from a subscriber (only the ones it had). */
    'mailer/subscriber/untagged': { subscriberId: number; tagIds: number[] };
    /** Every recipient of a campaign was handled; counts at that moment. */
    'mailer/campaign/sent': { campaignId: number; sent: number; failed: number };
  }
}

export {};
