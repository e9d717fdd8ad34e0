// Every enum of the installed modules' schema, as a GraphQL client sees it (introspection over HTTP), says what it is
// and what each of its values means: an app developer reads them in GraphiQL and in generated clients.
import type { GraphQLEnumType } from 'graphql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildSchema } from '../../src/graphql/schema.ts';
import { core } from '../../src/modules/core/index.ts';
import { modules } from '../../src/modules/index.ts';
import { mobile } from '../../src/modules/mobile/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface IntrospectedEnum {
  name: string;
  description: string | null;
  enumValues: { name: string; description: string | null }[];
}

const ENUMS = `{ __schema { types { kind name description enumValues(includeDeprecated: true) { name description } } } }`;

it('every enum and every enum value has a description', async () => {
  const res = await t.http.post('/graphql').send({ query: ENUMS });
  expect(res.status).toBe(200);
  const enums = (res.body.data.__schema.types as (IntrospectedEnum & { kind: string })[]).filter(
    (type) => type.kind === 'ENUM' && !type.name.startsWith('__'),
  );
  expect(enums.length).toBeGreaterThan(40);
  const blank = (d: string | null) => !d?.trim();
  const undescribed = [
    ...enums.filter((e) => blank(e.description)).map((e) => e.name),
    ...enums.flatMap((e) => e.enumValues.filter((v) => blank(v.description)).map((v) => `${e.name}.${v.name}`)),
  ];
  expect(undescribed).toEqual([]);
});

interface IntrospectedType {
  kind: string;
  name: string | null;
  ofType: IntrospectedType | null;
}
const named = (type: IntrospectedType): IntrospectedType => (type.ofType ? named(type.ofType) : type);
const TYPE = `query ($name: String!) {
  __type(name: $name) {
    fields { name type { ...T } args { name type { ...T } } }
    inputFields { name type { ...T } }
  }
}
fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }`;

it('closed sets are enums on output as on input', async () => {
  // type -> field (or field(arg) of a root field) -> enum
  const closed: Record<string, Record<string, string>> = {
    MemberModerationQueueItem: {
      status: 'MemberModerationStatus',
      targetType: 'MemberFlagTarget',
      reason: 'MemberFlagReason',
      contentStatus: 'MemberPostStatus',
    },
    MemberModerationFlag: { reason: 'MemberFlagReason' },
    FormConfirmationResult: { type: 'FormConfirmationType' },
    Viewer: { authMethod: 'AuthMethod' },
    MobileMe: { authMethod: 'AuthMethod' },
    FormEntry: { notificationStatus: 'FormEntryNotificationStatus' },
    FormEntryNotification: { status: 'FormNotificationStatus' },
    FormEntryValue: { type: 'FormEntryValueType' },
    Post: { status: 'PostStatus' },
    PostInput: { status: 'PostStatus' },
    Query: { 'posts(status)': 'PostStatus' },
    MemberHealthFactor: { name: 'MemberHealthFactorName' },
  };
  for (const [type, fields] of Object.entries(closed)) {
    const res = await t.http.post('/graphql').send({ query: TYPE, variables: { name: type } });
    type Field = { name: string; type: IntrospectedType; args?: Field[] };
    const found = (res.body.data.__type.fields ?? res.body.data.__type.inputFields) as Field[];
    for (const [path, enumName] of Object.entries(fields)) {
      const [, field, arg] = /^(\w+)(?:\((\w+)\))?$/.exec(path)!;
      const f = found.find((x) => x.name === field);
      const typed = arg ? f?.args?.find((a) => a.name === arg) : f;
      expect(typed && named(typed.type), `${type}.${path}`).toEqual({ kind: 'ENUM', name: enumName, ofType: null });
    }
  }
});

it("AuthMethod's values are those registered when the schema is built, each described by its registrant", () => {
  const described = (list: readonly (typeof core)[]) => {
    const type = buildSchema(list).getType('AuthMethod') as GraphQLEnumType;
    return Object.fromEntries(type.getValues().map((v) => [v.name, v.description]));
  };
  const platformOnly = described([core]);
  expect(Object.keys(platformOnly).sort()).toEqual(['api_key', 'app_password', 'cli', 'session']);
  const installed = described(modules);
  expect(installed).toEqual({ ...platformOnly, jwt: mobile.credentials!.authMethods!.jwt });
  expect(() => buildSchema([core, mobile, { ...mobile, name: 'mobile-again', schema: undefined }])).toThrow(
    /Auth method jwt is registered twice \(again by module mobile-again\)/,
  );
});
