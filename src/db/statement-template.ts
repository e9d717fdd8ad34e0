// A hot statement built once per shape. A Kysely builder's text depends on a few choices (which filters, which
// columns) and not on the values it binds, yet building and compiling it costs more CPU than running it: on the
// authenticated subscriber list it was a seventh of the request's (issue 29). A template builds and compiles the
// statement the first time a shape is asked, with stand-ins for the values, and then only binds the values in
// the stand-ins' places: the same text (so the same prepared statement) and parameters a fresh build would give.
import type { Compilable, CompiledQuery } from 'kysely';

/** Stands for a named value in a template's builder; compiled, it is the parameter the value takes. */
class Slot {
  constructor(readonly name: string) {}
}

interface Compiled<V> {
  query: CompiledQuery;
  /** Per parameter: the value's name, or undefined for a constant of the builder (kept as compiled). */
  names: ((keyof V & string) | undefined)[];
}

export class StatementTemplate<V extends object> {
  readonly #shapes = new Map<string, Compiled<V> | null>();

  /**
   * @param names the values a statement binds.
   * @param max shapes kept (a selection chosen by the client is a shape: past `max`, a shape is built per call).
   */
  constructor(
    private readonly names: readonly (keyof V & string)[],
    private readonly max = 64,
  ) {}

  /**
   * The statement of `shape` with `values` bound, or null when `build` answers null for the shape. `build` gets
   * stand-ins for the values: it may pass them to the builder, never look into them, and may choose only on what
   * `shape` says (two calls with one shape must build the same statement).
   */
  bind(shape: string, values: V, build: (values: V) => Compilable | null): CompiledQuery | null {
    let compiled = this.#shapes.get(shape);
    if (compiled === undefined) {
      const slots = Object.fromEntries(this.names.map((n) => [n, new Slot(n)])) as unknown as V;
      const query = build(slots)?.compile() ?? null;
      compiled = query && {
        query,
        names: query.parameters.map((p) => (p instanceof Slot ? (p.name as keyof V & string) : undefined)),
      };
      if (this.#shapes.size < this.max) this.#shapes.set(shape, compiled);
    }
    if (!compiled) return null;
    const { query, names } = compiled;
    return { ...query, parameters: names.map((n, i) => (n === undefined ? query.parameters[i] : values[n])) };
  }
}
