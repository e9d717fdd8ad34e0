// Every enum of the installed modules' schema, as a GraphQL client sees it (introspection over HTTP), says what it is
// and what each of its values means: an app developer reads them in GraphiQL and in generated clients.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

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

it('closed sets are enums on output as on input', async () => {
  const outputs: Record<string, Record<string, string>> = {
    MemberModerationQueueItem: {
      status: 'MemberModerationStatus',
      targetType: 'MemberFlagTarget',
      reason: 'MemberFlagReason',
    },
    MemberModerationFlag: { reason: 'MemberFlagReason' },
    FormConfirmationResult: { type: 'FormConfirmationType' },
  };
  for (const [type, fields] of Object.entries(outputs)) {
    const res = await t.http.post('/graphql').send({
      query: `query ($name: String!) { __type(name: $name) { fields { name type { kind name ofType { kind name } } } } }`,
      variables: { name: type },
    });
    const found = res.body.data.__type.fields as { name: string; type: { ofType: { kind: string; name: string } } }[];
    for (const [field, enumName] of Object.entries(fields)) {
      expect(found.find((f) => f.name === field)?.type.ofType, `${type}.${field}`).toEqual({
        kind: 'ENUM',
        name: enumName,
      });
    }
  }
});
