// What the GraphQL face's plugins derive from an operation's document, derived once per document. Yoga's parse cache
// hands the same DocumentNode for the same query text (and its validation cache skips validating it again), so a
// fact that depends only on the document — which operation runs, what its page sizes cost, whether it asks for the
// schema — is worked out on the first request and read on the next ones instead of walking the document again.
import type { DocumentNode } from 'graphql';

export class DocumentFacts {
  readonly #facts = new WeakMap<DocumentNode, Map<string, unknown>>();
  /** Facts worked out (not read from an earlier request): tests check that a repeated operation adds none. */
  derived = 0;

  /** The fact `key` of `document`, from `derive` the first time it is asked. */
  of<T>(document: DocumentNode, key: string, derive: () => T): T {
    let facts = this.#facts.get(document);
    if (!facts) this.#facts.set(document, (facts = new Map()));
    if (facts.has(key)) return facts.get(key) as T;
    const value = derive();
    this.derived++;
    facts.set(key, value);
    return value;
  }
}
