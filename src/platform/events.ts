// The typed event bus: a typed face over actions. Every emit is also the classic action of the same name, so a
// listener may register either way. Modules declare their events by augmenting AtriumEvents:
//
//   declare module '../../platform/events.ts' {
//     interface AtriumEvents { 'mailer/subscriber/subscribed': { subscriberId: number; email: string } }
//   }
import type { Hooks } from './hooks.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AtriumEvents {}

export type EventName = keyof AtriumEvents & string;

export class EventBus {
  constructor(private readonly hooks: Hooks) {}

  on<K extends EventName>(name: K, listener: (payload: AtriumEvents[K]) => unknown, priority = 10): () => void {
    return this.hooks.addAction(name, listener, priority);
  }

  /** Dispatches now. Inside a transaction use `after.emit` instead, so the event waits for the commit. */
  emit<K extends EventName>(name: K, payload: AtriumEvents[K]): Promise<void> {
    return this.hooks.doAction(name, payload);
  }
}
