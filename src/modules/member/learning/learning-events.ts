// Events of the learning part (membership.md "Events"): after the commit, mirrored as classic actions, each once.

declare module '../../../platform/events.ts' {
  interface AtriumEvents {
    /** A progress row became completed (once per user and lesson). */
    'member/lesson/completed': { user_id: number; lesson_id: number; course_id: number };
    /** Every lesson of a course is done (once per user and course). */
    'member/course/completed': { user_id: number; course_id: number };
    /** An attempt scored at or above the quiz's pass_percent. */
    'member/quiz/passed': { user_id: number; quiz_id: number; attempt_id: number; score: number };
    /** A certificate row was inserted. */
    'member/certificate/issued': { certificate_id: number; user_id: number; course_id: number };
  }
}

export {};
