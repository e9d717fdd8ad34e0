// DateTime renders as ISO 8601 UTC with seconds precision and Z (DECISIONS.md); JSON is any JSON value.
import { GraphQLScalarType, Kind } from 'graphql';
import { GraphQLSafeInt, JSONResolver } from 'graphql-scalars';
import { isIsoDateTime } from '../input/rules.ts';
import { isUpload } from '../input/vocabulary.ts';
import { toIsoSeconds } from '../platform/clock.ts';

function parseDate(value: unknown): Date {
  if (typeof value !== 'string' || !isIsoDateTime(value)) {
    throw new TypeError('DateTime must be an ISO 8601 date-time with a time zone, e.g. 2026-11-22T02:18:41Z');
  }
  return new Date(value);
}

export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'ISO 8601 date-time in UTC, e.g. 2026-11-22T02:18:41Z',
  specifiedByURL: 'https://scalars.graphql.org/andimarek/date-time',
  serialize: (value) => {
    const date = value instanceof Date ? value : new Date(value as string);
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime cannot represent an invalid date');
    return toIsoSeconds(date);
  },
  parseValue: parseDate,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new TypeError('DateTime must be a string');
    return parseDate(ast.value);
  },
});

export const JSONScalar = JSONResolver;

/** Integers of 53 bits (money in minor units, sums past 2^31): graphql-scalars' SafeInt, which also answers a bigint
 *  (PostgreSQL bigint columns) that fits — one that does not is refused by SafeInt's own check, never rounded. */
export const SafeIntScalar = new GraphQLScalarType<string | number, number>({
  ...GraphQLSafeInt.toConfig(),
  serialize: (value) => GraphQLSafeInt.serialize(typeof value === 'bigint' ? Number(value) : value) as number,
});

const notAFile = () =>
  new TypeError('File must be an uploaded file: send the request as multipart/form-data (operations, map, the file).');

/** An uploaded file, from a GraphQL multipart request (graphql-yoga parses it); an input only. */
export const FileScalar = new GraphQLScalarType<File, never>({
  name: 'File',
  description:
    'A file uploaded with the GraphQL multipart request spec (multipart/form-data with operations, map and the file).',
  specifiedByURL: 'https://github.com/jaydenseric/graphql-multipart-request-spec',
  serialize: () => {
    throw new TypeError('File is an input type only.');
  },
  parseValue: (value) => {
    if (!isUpload(value)) throw notAFile();
    return value;
  },
  parseLiteral: () => {
    throw notAFile();
  },
});
