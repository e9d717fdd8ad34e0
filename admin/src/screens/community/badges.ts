// The events an automatic badge may count (the server's list: src/modules/member/community/badges.ts, COUNTED), as
// the form offers them, and a badge's criteria in words.

export const BADGE_EVENTS: { value: string; label: string; noun: string }[] = [
  { value: 'member/topic/created', label: 'Topics started', noun: 'topics started' },
  { value: 'member/reply/created', label: 'Replies written', noun: 'replies written' },
  { value: 'member/dm/sent', label: 'Direct messages sent', noun: 'direct messages sent' },
  { value: 'member/lesson/completed', label: 'Lessons completed', noun: 'lessons completed' },
  { value: 'member/course/completed', label: 'Courses completed', noun: 'courses completed' },
  { value: 'member/quiz/passed', label: 'Quizzes passed', noun: 'quizzes passed' },
  { value: 'member/certificate/issued', label: 'Certificates earned', noun: 'certificates earned' },
];

/** {"manual": true} → "Awarded by hand"; {"event": "member/reply/created", "count": 10} → "After 10 replies written". */
export function describeCriteria(criteria: unknown): string {
  const c = (criteria ?? {}) as { event?: string; count?: number };
  if (!c.event) return 'Awarded by hand';
  const noun = BADGE_EVENTS.find((e) => e.value === c.event)?.noun ?? c.event;
  return `After ${c.count ?? 1} ${noun}`;
}
