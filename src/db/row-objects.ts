// A result's rows as objects, each made by a function made once for the result's columns. pg's object mode copies
// a template row and writes each column at one site for every statement's columns (V8's megamorphic store: 5 % of
// the forms list's CPU with its parsers, `perf` with `--perf-basic-prof`); an object literal per column list makes
// each row in one step, with the same keys in the same order.

type Row = Record<string, unknown>;
type Build = (values: unknown[]) => Row;

const builders = new Map<string, Build>();
/** Column lists kept: statements are a bounded set, but a client's `_fields` could vary them. */
const KEPT = 512;

function builderOf(names: readonly string[]): Build {
  const key = names.join('\0');
  let build = builders.get(key);
  if (build === undefined) {
    // A name is written as a JSON string; `__proto__` as a computed key, which makes a property, not a prototype.
    const entries = names.map((n, i) => `${n === '__proto__' ? `[${JSON.stringify(n)}]` : JSON.stringify(n)}: v[${i}]`);
    build = new Function('v', `"use strict"; return { ${entries.join(', ')} };`) as Build;
    if (builders.size < KEPT) builders.set(key, build);
  }
  return build;
}

/** `rows` (pg's array mode) as objects keyed by `fields`' names, as pg's object mode makes them (a later column of
 *  the same name wins). */
export function rowObjects(fields: readonly { name: string }[], rows: readonly unknown[][]): Row[] {
  const build = builderOf(fields.map((f) => f.name));
  const out = new Array<Row>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = build(rows[i]!);
  return out;
}
