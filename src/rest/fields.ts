// `_fields=a,b.c`: answer only the named fields (core's rest_filter_response_fields), on objects and lists.
export function pickFields(value: unknown, fields: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => pickFields(v, fields));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const nested = new Map<string, string[]>();
  for (const f of fields) {
    const [head, ...rest] = f.split('.');
    if (!head || !(head in (value as object))) continue;
    if (rest.length) nested.set(head, [...(nested.get(head) ?? []), rest.join('.')]);
    else out[head] = (value as Record<string, unknown>)[head];
  }
  for (const [head, sub] of nested)
    if (!(head in out)) out[head] = pickFields((value as Record<string, unknown>)[head], sub);
  return out;
}
