// One recipient's message from the campaign: merge tags, tracked links, the open pixel and an unsubscribe link.
// Merge tags: {{first_name}}, {{email}}, {{unsubscribe_url}}, each with an optional fallback: {{first_name|friend}}
// (used when the value is empty). Values are HTML-escaped in the HTML part. Without {{unsubscribe_url}} in a part,
// an unsubscribe line is appended to it: every campaign mail carries a working unsubscribe link.
import escapeHtml from 'escape-html';

export interface RecipientVars {
  firstName: string;
  email: string;
  unsubscribeUrl: string;
  openUrl: string;
  clickUrl: (linkIndex: number) => string;
}

const TAG = /\{\{\s*(first_name|email|unsubscribe_url)\s*(?:\|\s*([^}]*?)\s*)?\}\}/g;
const HREF = /(href\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi;
const MAX_LINKS = 500;

const unescapeAttr = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** The http(s) links of the HTML, in order, once each (frozen on the campaign when sending starts). */
export function extractLinks(html: string): string[] {
  const links: string[] = [];
  for (const m of html.matchAll(HREF)) {
    const url = unescapeAttr(m[3]!);
    if (!links.includes(url) && links.length < MAX_LINKS) links.push(url);
  }
  return links;
}

function merge(template: string, v: RecipientVars, html: boolean): string {
  return template.replace(TAG, (_m, name: string, fallback?: string) => {
    const value = name === 'first_name' ? v.firstName : name === 'email' ? v.email : v.unsubscribeUrl;
    const out = value.trim() ? value : (fallback ?? '').replace(/^["']|["']$/g, '');
    return html ? escapeHtml(out) : out;
  });
}

export function renderHtml(html: string, links: readonly string[], v: RecipientVars): string {
  if (!html.trim()) return '';
  const tracked = html.replace(HREF, (whole, pre: string, q: string, url: string) => {
    const i = links.indexOf(unescapeAttr(url));
    return i < 0 ? whole : `${pre}${q}${escapeHtml(v.clickUrl(i))}${q}`;
  });
  let out = merge(tracked, v, true);
  if (!/\{\{\s*unsubscribe_url/.test(html))
    out += `\n<p style="font-size:12px;color:#666"><a href="${escapeHtml(v.unsubscribeUrl)}">Unsubscribe</a></p>`;
  const pixel = `<img src="${escapeHtml(v.openUrl)}" width="1" height="1" alt="" style="display:none">`;
  return /<\/body>/i.test(out) ? out.replace(/<\/body>/i, `${pixel}</body>`) : `${out}\n${pixel}`;
}

export function renderText(text: string, v: RecipientVars): string {
  if (!text.trim()) return '';
  const out = merge(text, v, false);
  return /\{\{\s*unsubscribe_url/.test(text) ? out : `${out}\n\n--\nUnsubscribe: ${v.unsubscribeUrl}\n`;
}

/** The subject takes merge tags too (never HTML-escaped). */
export const renderSubject = (subject: string, v: RecipientVars) => merge(subject, v, false).replace(/[\r\n]+/g, ' ');
