// Events of the community part (membership.md "Events"): after the commit, mirrored as classic actions, each once.

declare module '../../../platform/events.ts' {
  interface AtriumEvents {
    /** A topic was written (status pending when held for moderation). */
    'member/topic/created': { topic_id: number; space_id: number; author_id: number; status: string };
    /** A reply was written (status pending when held for moderation). */
    'member/reply/created': {
      reply_id: number;
      topic_id: number;
      author_id: number;
      parent_id: number | null;
      status: string;
    };
    /** A direct message was stored. */
    'member/dm/sent': { conversation_id: number; message_id: number; sender_id: number };
    /** A badge was awarded (a new award row: once per user and badge). */
    'member/badge/awarded': { user_id: number; badge_id: number };
  }
}

export {};
