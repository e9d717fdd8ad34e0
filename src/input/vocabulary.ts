// The words input declarations are written in. A declaration is a zod schema; these name what GraphQL needs named
// (enums, input objects) and spell the house's common arguments once.
import { z } from 'zod';
import { INT32_MAX } from './describe.ts';

/** What each value of a closed set means to an app developer, one line each: a value left out fails the type check. */
export type ValueDescriptions<V extends readonly string[]> = { readonly [K in V[number]]: string };

/** A closed set of lowercase values: a GraphQL enum named `name` (its values described), the same strings over REST. */
export const enumOf = <const V extends readonly [string, ...string[]]>(
  name: string,
  values: V,
  description: string,
  valueDescriptions: ValueDescriptions<V>,
) => z.enum(values).meta({ id: name, description, valueDescriptions });

/** An input object: a GraphQL input type named `name`; over REST its fields are top-level arguments. */
export const inputObject = <S extends z.ZodRawShape>(name: string, shape: S, description?: string) =>
  z.object(shape).meta({ id: name, ...(description ? { description } : {}) });

/** A row id: a positive 32-bit integer (GraphQL's Int). */
export const id = () => z.number().int().min(1).max(INT32_MAX);

/** An e-mail address: trimmed, lower-cased as a whole, with a practical syntax check (format `email` over REST). */
export const email = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Invalid email address.')
    .pipe(z.email({ error: 'Invalid email address.' }));

/** A 53-bit integer (GraphQL's SafeInt, a JSON integer over REST): amounts in minor units, which pass 2^31 in
 *  currencies such as VND or IDR. */
export const safeInt = () =>
  z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).meta({ scalar: 'SafeInt' });

/** Money in minor units of its currency (cents): a 53-bit integer, never negative. */
export const minorUnits = () => safeInt().min(0);

/** Text with a maximum length, trimmed. */
export const text = (max: number, min = 0) => {
  const s = z.string().trim();
  return min > 0 ? s.min(min).max(max) : s.max(max);
};

/** Offset pages, as WordPress lists: page from 1, per_page 1–100 (default 10). */
export const pageArgs = {
  page: z.number().int().min(1).max(INT32_MAX).default(1).describe('Current page of the collection.'),
  perPage: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .describe('Maximum number of items to be returned in result set.'),
};

/** An uploaded file (GraphQL's `File`, sent as a multipart request): the resolver reads it as a stream. */
export const upload = () =>
  z.custom<File>(isUpload, 'file must be an uploaded file (a multipart/form-data request).').meta({ scalar: 'File' });

/** What graphql-yoga hands a resolver for a multipart file: a web File (Blob) of whichever fetch implementation. */
export function isUpload(v: unknown): v is File {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as File).stream === 'function' &&
    typeof (v as File).name === 'string' &&
    typeof (v as File).size === 'number'
  );
}

/** A list's search term. */
export const search = () => z.string().trim().max(200).optional().describe('Limit results to those matching a string.');

/** A list's sort direction (each list gives its own default). */
export const SortOrder = enumOf('SortOrder', ['asc', 'desc'], 'Sort direction.', {
  asc: 'Ascending: smallest, earliest or A first.',
  desc: 'Descending: largest, latest or Z first.',
});
