// Events of the membership core (membership.md "Events"): dispatched after the change commits, mirrored as classic
// actions of the same name, each once. Payloads carry ids, never secrets.

declare module '../../../platform/events.ts' {
  interface AtriumEvents {
    /** A membership row was inserted. */
    'member/membership/created': {
      membership_id: number;
      user_id: number;
      plan_id: number;
      status: string;
      source: string;
    };
    /** A cancel reason was recorded (at the request; `immediately` false: access lasts until the period end). */
    'member/membership/cancelled': {
      membership_id: number;
      user_id: number;
      plan_id: number;
      reason: string | null;
      immediately: boolean;
    };
    /** A plan swap completed. */
    'member/membership/upgraded': { membership_id: number; user_id: number; from_plan_id: number; to_plan_id: number };
    /** The period end passed without renewal and without a cancel (the sweep). */
    'member/membership/expired': { membership_id: number; user_id: number; plan_id: number };
    /** A gate blocked a read of gated content. user_id null: anonymous. */
    'member/access/denied': { user_id: number | null; target_type: string; target_id: number; reason: string };
    /** A drip schedule unlocked an item for a user (target_id null: every item of the type). */
    'member/drip/released': { user_id: number; target_type: string; target_id: number | null };
  }
}

export {};
