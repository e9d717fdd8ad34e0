// The importer's one event. Imported memberships fire no member/membership/created: a migration of 100,000 members
// must not send 100,000 welcome e-mails through listeners that cannot tell an import from a sign-up. One event per
// run that wrote (not for a dry run) says what it did, for listeners that want to act once.

declare module '../../../platform/events.ts' {
  interface AtriumEvents {
    /** An import run finished (dry runs excluded); counts of rows, and of users and plans it created. */
    'member/import/completed': {
      source: string;
      rows: number;
      created: number;
      updated: number;
      unchanged: number;
      skipped: number;
      users_created: number;
      plans_created: number;
    };
  }
}

export {};
