// The one way CLI options are validated before a command runs: enumerated values with commander's `choices`
// (`oneOf`), integers with a range (`intOption`). A bad value exits non-zero with commander's message on stderr and
// nothing on stdout.
import { InvalidArgumentError, Option } from 'commander';

/** `--flag <value>` limited to `values`. */
export const oneOf = (flags: string, description: string, values: readonly string[]) =>
  new Option(flags, description).choices(values);

/** `--flag <n>`: a whole number from `min` to `max` (`fallback` when absent). */
export function intOption(flags: string, description: string, min: number, max: number, fallback?: number): Option {
  const option = new Option(flags, `${description} (${min}–${max})`).argParser((raw: string) => {
    const n = Number(raw);
    if (!/^-?\d+$/.test(raw.trim()) || n < min || n > max)
      throw new InvalidArgumentError(`Use a whole number from ${min} to ${max}.`);
    return n;
  });
  return fallback === undefined ? option : option.default(fallback);
}
