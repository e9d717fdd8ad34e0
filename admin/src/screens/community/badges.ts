// The events an automatic badge may count (the server's list: src/modules/member/community/badges.ts, COUNTED), as
// the form offers them, and a badge's criteria in words.

export const BADGE_EVENTS: { value: string; label: string; one: string; many: string }[] = [
  { value: 'member/topic/created', label: 'Topics started', one: 'topic started', many: 'topics started' },
  { value: 'member/reply/created', label: 'Replies written', one: 'reply written', many: 'replies written' },
  { value: 'member/dm/sent', label: 'Direct messages sent', one: 'direct message sent', many: 'direct messages sent' },
  { value: 'member/lesson/completed', label: 'Lessons completed', one: 'lesson completed', many: 'lessons completed' },
  { value: 'member/course/completed', label: 'Courses completed', one: 'course completed', many: 'courses completed' },
  { value: 'member/quiz/passed', label: 'Quizzes passed', one: 'quiz passed', many: 'quizzes passed' },
  {
    value: 'member/certificate/issued',
    label: 'Certificates earned',
    one: 'certificate earned',
    many: 'certificates earned',
  },
];

/** {"manual": true} → "Awarded by hand"; {"event": "member/reply/created", "count": 10} → "After 10 replies written". */
export function describeCriteria(criteria: unknown): string {
  const { event, count = 1 } = (criteria ?? {}) as { event?: string; count?: number };
  if (!event) return 'Awarded by hand';
  const known = BADGE_EVENTS.find((e) => e.value === event);
  return `After ${count} ${known ? (count === 1 ? known.one : known.many) : event}`;
}
