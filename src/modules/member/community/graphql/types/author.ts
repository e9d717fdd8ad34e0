// What topics and replies show of their author: the public name only (the community alias, else the account's).
export const authorSelect = {
  author: { select: { displayName: true, memberProfile: { select: { displayName: true } } } },
} as const;

type WithAuthor = { author: { displayName: string; memberProfile: { displayName: string | null } | null } };

export const authorName = (p: WithAuthor) => p.author.memberProfile?.displayName ?? p.author.displayName;
