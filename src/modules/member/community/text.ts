// Community bodies are stored as sent and are text: `body` must be rendered as text; `body_html` is the same text as
// safe HTML (every character escaped, line breaks kept, http(s) links made links that carry no referrer weight), so
// no script a member writes reaches another member's browser through either.
import escapeHtml from 'escape-html';

const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

export function bodyHtml(body: string): string {
  const paragraphs = body.trim().split(/\n{2,}/);
  return paragraphs
    .map((p) => {
      let out = '';
      let last = 0;
      for (const m of p.matchAll(LINK)) {
        out += escapeHtml(p.slice(last, m.index));
        const url = escapeHtml(m[0]);
        out += `<a href="${url}" rel="nofollow ugc noopener" target="_blank">${url}</a>`;
        last = m.index! + m[0].length;
      }
      out += escapeHtml(p.slice(last));
      return `<p>${out.replace(/\n/g, '<br>')}</p>`;
    })
    .join('');
}

/** Whether a body links out (a new member's first post that does is held for moderation). */
export const linksOut = (body: string) => /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.[a-z]/i.test(body);
