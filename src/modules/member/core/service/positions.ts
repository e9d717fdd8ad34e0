// Positions among siblings (plans; courses; a course's modules; a module's lessons; spaces) count from 1, as a reader
// counts them (membership.md): a new item goes last, a given position p puts it there (past the end: last) and moves
// the others along, a delete closes the gap. Every change runs under the set's lock — its parent's row, or for a
// top-level set a transaction-scoped advisory lock — so concurrent creates and moves are one after the other; a
// unique (parent, position) constraint, deferred to the commit so a range can shift before the item lands, is what
// the database guarantees whatever the code does.
import type { Tx } from '../../../../platform/transaction.ts';

export interface SiblingSet {
  /** Takes the set's lock until the transaction ends; false when its parent is gone. */
  lock(tx: Tx): Promise<boolean>;
  /** The last position (0: none). */
  last(tx: Tx): Promise<number>;
  /** Adds `by` to every position from `from` to `to`, both included. */
  shift(tx: Tx, from: number, to: number, by: 1 | -1): Promise<unknown>;
}

/** The lock of a set without a parent row, held until the transaction ends. */
export async function lockNamed(tx: Tx, name: string): Promise<true> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${name}))`;
  return true;
}

/** Where a new sibling goes (`wanted`, else last); the ones from there on move down. Under the set's lock. */
export async function placeNew(tx: Tx, set: SiblingSet, wanted?: number): Promise<number> {
  const last = await set.last(tx);
  const at = Math.min(wanted ?? last + 1, last + 1);
  if (at <= last) await set.shift(tx, at, last, 1);
  return at;
}

/** Where an item of `set` goes when moved to `wanted` (past the end: last); the ones between move along. Takes the
 *  set's lock, then reads the item's place with `current`; null when the item (or the set's parent) is gone. */
export async function placeMoved(
  tx: Tx,
  set: SiblingSet,
  wanted: number,
  current: () => Promise<{ position: number } | null>,
): Promise<number | null> {
  const row = (await set.lock(tx)) && (await current());
  if (!row) return null;
  const from = row.position;
  const to = Math.min(wanted, await set.last(tx));
  if (to < from) await set.shift(tx, to, from - 1, 1);
  if (to > from) await set.shift(tx, from + 1, to, -1);
  return to;
}

/** After the sibling at `at` is deleted, the ones after it move up. */
export async function closeGap(tx: Tx, set: SiblingSet, at: number): Promise<void> {
  const last = await set.last(tx);
  if (at < last) await set.shift(tx, at + 1, last, -1);
}
