// Actions and filters, as the host platform has them. A failing callback is caught and logged; the others still run.
import type { Logger } from './logger.ts';

type Callback = (...args: any[]) => unknown;
interface Entry {
  fn: Callback;
  priority: number;
  seq: number;
}

export class Hooks {
  #actions = new Map<string, Entry[]>();
  #filters = new Map<string, Entry[]>();
  #seq = 0;
  constructor(private readonly logger: Logger) {}

  /** Registers an action callback; lower priority runs first. Answers a function that removes it. */
  addAction(name: string, fn: Callback, priority = 10): () => void {
    return this.#add(this.#actions, name, fn, priority);
  }

  addFilter(name: string, fn: Callback, priority = 10): () => void {
    return this.#add(this.#filters, name, fn, priority);
  }

  hasAction(name: string): boolean {
    return (this.#actions.get(name)?.length ?? 0) > 0;
  }

  /** Runs every callback of an action in priority order, awaiting each; failures are logged, never thrown. */
  async doAction(name: string, ...args: unknown[]): Promise<void> {
    for (const entry of [...(this.#actions.get(name) ?? [])]) {
      try {
        await entry.fn(...args);
      } catch (err) {
        this.logger.error({ err, hook: name }, 'action callback failed');
      }
    }
  }

  /** Passes a value through every filter in priority order; a failing filter is logged and skipped. */
  async applyFilters<T>(name: string, value: T, ...args: unknown[]): Promise<T> {
    let current = value;
    for (const entry of [...(this.#filters.get(name) ?? [])]) {
      try {
        current = (await entry.fn(current, ...args)) as T;
      } catch (err) {
        this.logger.error({ err, hook: name }, 'filter callback failed');
      }
    }
    return current;
  }

  #add(map: Map<string, Entry[]>, name: string, fn: Callback, priority: number): () => void {
    const entry = { fn, priority, seq: this.#seq++ };
    const list = [...(map.get(name) ?? []), entry].sort((a, b) => a.priority - b.priority || a.seq - b.seq);
    map.set(name, list);
    return () =>
      map.set(
        name,
        (map.get(name) ?? []).filter((e) => e !== entry),
      );
  }
}
