// Lifecycle events of the insight part (membership.md "Events"): each (membership, stage) fires once, ever.
type Lifecycle = { membership_id: number; user_id: number; plan_id: number; stage: string };

declare module '../../../platform/events.ts' {
  interface AtriumEvents {
    /** The trial ends within 3 days. */
    'member/lifecycle/trial_ending': Lifecycle;
    /** A renewing period ends within 7 days. */
    'member/lifecycle/renewal_upcoming': Lifecycle;
    /** A member with access has had no activity for 30 days. */
    'member/lifecycle/inactive': Lifecycle;
    /** The membership ended 30 days ago and the member has no live one. */
    'member/lifecycle/win_back': Lifecycle;
  }
}

export {};
