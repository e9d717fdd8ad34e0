// What every input must be before any rule looks at it, on both faces: no NUL character and no lone UTF-16 surrogate
// in any string (PostgreSQL refuses both, so they would fail deep inside a query), and no nesting deeper than
// MAX_DEPTH (recursive code further on would overflow the stack). Checked once where a request enters.
import { isUpload } from './vocabulary.ts';

export const MAX_DEPTH = 32;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- the NUL character is what this rule refuses
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function textProblem(s: string): string | null {
  if (!BAD_TEXT.test(s)) return null;
  return s.includes('\u0000')
    ? 'must not contain a NUL character.'
    : 'must be valid Unicode (a lone surrogate was found).';
}

export interface InputProblem {
  /** Where: the top-level key (or '' for the value itself) and the path below it. */
  key: string;
  path: string;
  kind: 'text' | 'depth';
  message: string;
}

/** The first problem in a parsed value (strings in keys and values, nesting depth), or null. Iterative: a hostile
 *  depth cannot overflow this walk. */
export function findInputProblem(value: unknown): InputProblem | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    const where = () => ({
      key: String(path[0] ?? ''),
      path: path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
        .join('')
        .replace(/^\./, ''),
    });
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { ...where(), kind: 'text', message: problem };
    } else if (v && typeof v === 'object') {
      // Bytes and uploaded files (GraphQL multipart) are data, not structure: walking a file's buffers would visit
      // every byte.
      if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer || isUpload(v)) continue;
      if (path.length >= MAX_DEPTH)
        return { ...where(), kind: 'depth', message: `is nested more than ${MAX_DEPTH} levels deep.` };
      if (Array.isArray(v)) v.forEach((item, i) => stack.push({ v: item, path: [...path, i] }));
      else {
        for (const [k, item] of Object.entries(v)) {
          const problem = textProblem(k);
          if (problem)
            return {
              key: String(path[0] ?? k),
              path: [...path, k].join('.'),
              kind: 'text',
              message: `has a key that ${problem}`,
            };
          stack.push({ v: item, path: [...path, k] });
        }
      }
    }
  }
  return null;
}
