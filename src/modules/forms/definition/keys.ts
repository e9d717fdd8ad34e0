// A definition in REST's spelling (snake_case keys at every depth, as GET ?context=edit answers and the CLI exports)
// read back as the service's camelCase. Definitions hold no user data in keys, so every key is renamed.
import { camelCase } from '../../../input/describe.ts';

export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelCase(k), camelKeys(v)]));
  return value;
}
