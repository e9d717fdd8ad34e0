// Input that reached a 500 (issue 25, item 6): every string reaching a resolver passes the one input policy — GraphQL
// string literals too, whose escapes (`"\u0000"`) the raw text check cannot see; a certificate token is checked for
// shape before the lookup; date-times outside years 1–9999 are 400 on both faces; a NUL in an importer cell skips that
// row and reports it. Nothing here is logged as an unexpected error.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/platform/logger.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { api, membership, ok, plan, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let member: Caller;
let a: Api;
let space: any;
let topic: any;
let quiz: any;
const logged: { level: number; msg: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ logger: createLogger('info', { write: (s: string) => void logged.push(JSON.parse(s)) }) });
  admin = await t.as('administrator');
  a = api(t, admin);
  const gold = await plan(a, { name: 'Gold' });
  member = await t.as('subscriber');
  await membership(a, member.userId, gold.id);
  space = await ok(await a.post('/spaces', { name: 'Lounge' }), 201);
  topic = await ok(await api(t, member).post('/topics', { space_id: space.id, title: 'Hello', body: 'First' }), 201);
  const course = await ok(await a.post('/courses', { title: 'Course', status: 'published' }), 201);
  const mod = await ok(await a.post('/modules', { course_id: course.id, title: 'M' }), 201);
  const lesson = await ok(
    await a.post('/lessons', { module_id: mod.id, title: 'L', content: 'x', status: 'published' }),
    201,
  );
  quiz = await ok(
    await a.post('/quizzes', {
      lesson_id: lesson.id,
      title: 'Q',
      questions: [{ type: 'short_answer', prompt: 'Say', answer: ['hi'] }],
    }),
    201,
  );
});
afterAll(() => t?.close());

const errorsLogged = () => logged.filter((l) => l.level >= 50);
const graphqlPost = (query: string, caller?: Caller) =>
  t.http
    .post('/graphql')
    .set(caller?.headers ?? {})
    .send({ query });

describe('GraphQL string literals pass the input policy', () => {
  // Each document writes a NUL or a lone surrogate only as an escape inside a literal: the request text has neither.
  const cases: [string, string, Caller | undefined][] = [
    ['a list search, anonymous', 'query { memberPlans(search: "\\u0000") { total } }', undefined],
    [
      'a topic',
      'mutation { createMemberTopic(input: {spaceId: SPACE, title: "t", body: "x\\u0000"}) { id } }',
      'member' as never,
    ],
    ['a reply', 'mutation { createMemberReply(input: {topicId: TOPIC, body: "\\u0000"}) { id } }', 'member' as never],
    [
      'a quiz answer (JSON)',
      'mutation { attemptMemberQuiz(id: QUIZ, answers: {q1: "\\u0000"}) { id } }',
      'member' as never,
    ],
    ['a profile', 'mutation { updateMyMemberProfile(input: {bio: "\\u0000"}) { bio } }', 'member' as never],
    ['a topic search', 'query { memberTopics(spaceId: SPACE, search: "\\u0000") { total } }', 'member' as never],
  ];

  it.each(cases)(
    '%s: 400 rest_invalid_param, nothing written, nothing logged as an error',
    async (_what, query, who) => {
      const before = errorsLogged().length;
      const counts = async () => [
        await t.platform.prisma.memberTopic.count(),
        await t.platform.prisma.memberReply.count(),
        await t.platform.prisma.memberQuizAttempt.count(),
      ];
      const written = await counts();
      const text = query
        .replace('SPACE', String(space.id))
        .replace('TOPIC', String(topic.id))
        .replace('QUIZ', String(quiz.id));
      // eslint-disable-next-line no-control-regex -- the query must carry no NUL or surrogate itself, only escapes
      expect(text).not.toMatch(/[\u0000\uD800-\uDFFF]/);
      const res = await graphqlPost(text, who ? member : undefined);
      expect([res.status, res.body.errors?.[0]?.extensions?.code], JSON.stringify(res.body)).toEqual([
        400,
        'rest_invalid_param',
      ]);
      expect(await counts()).toEqual(written);
      expect(errorsLogged().length).toBe(before);
    },
  );

  it('the same strings as variables are refused alike, and an escaped emoji is text', async () => {
    const res = await t.http
      .post('/graphql')
      .send({ query: 'query ($s: String) { memberPlans(search: $s) { total } }', variables: { s: '\u0000' } });
    expect([res.status, res.body.errors[0].extensions.code]).toEqual([400, 'rest_invalid_param']);
    const emoji = await graphqlPost(
      'mutation { updateMyMemberProfile(input: {bio: "\\uD83C\\uDF89 hi"}) { bio } }',
      member,
    );
    expect(emoji.body).toEqual({ data: { updateMyMemberProfile: { bio: '🎉 hi' } } });
  });
});

describe('certificate tokens are checked for shape before the lookup', () => {
  it('REST verify, GraphQL verify and the printable page answer 4xx for a NUL or a malformed token', async () => {
    const before = errorsLogged().length;
    for (const token of ['%00', 'a%00b', `${'x'.repeat(30)}%00`, '%C0%80']) {
      const rest = await t.http.get(`/wp-json/member/v1/certificates/verify/${token}`);
      expect([token, rest.status, rest.body.code]).toEqual([token, 400, 'rest_invalid_param']);
      const page = await t.http.get(`/member/certificates/${token}`);
      expect([token, page.status]).toEqual([token, token === '%C0%80' ? 400 : 404]); // not UTF-8: the router's 400
    }
    const gqlRes = await graphqlPost(`query { verifyMemberCertificate(token: "${'x'.repeat(30)}\\u0000") { valid } }`);
    expect([gqlRes.status, gqlRes.body.errors[0].extensions.code]).toEqual([400, 'rest_invalid_param']);
    const unknown = await t.http.get(`/wp-json/member/v1/certificates/verify/${'x'.repeat(30)}`);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'member_certificate_not_found']);
    expect(errorsLogged().length).toBe(before);
  });
});

describe('date-times outside years 1–9999 are 400 on both faces', () => {
  const OUT = ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00+01:00', '9999-12-31T23:00:00-02:00'];

  it('ends_at of a grant, a drip date, a suspension', async () => {
    const before = errorsLogged().length;
    const gold = await plan(a, { name: `Dated` });
    const user = await t.as('subscriber');
    for (const when of OUT) {
      const grant = await a.post(`/members/${user.userId}/grant`, { plan_id: gold.id, ends_at: when });
      expect([when, grant.status, grant.body.code]).toEqual([when, 400, 'rest_invalid_param']);
      const rule = await a.post('/access-rules', {
        target_type: 'space',
        target_id: space.id,
        plan_ids: [gold.id],
        drip_method: 'date',
        drip_date: when,
      });
      expect([when, rule.status, rule.body.code]).toEqual([when, 400, 'rest_invalid_param']);
      for (const query of [
        `mutation { grantMembership(id: ${user.userId}, planId: ${gold.id}, endsAt: "${when}") { id } }`,
        `mutation { suspendMemberFromCommunity(userId: ${user.userId}, until: "${when}") }`,
        `mutation { createMemberAccessRule(input: {targetType: space, targetId: ${space.id}, planIds: [${gold.id}], dripMethod: date, dripDate: "${when}"}) { id } }`,
      ]) {
        const res = await graphqlPost(query, admin);
        expect([when, res.status, res.body.errors?.[0]?.extensions?.status], query).toEqual([when, 400, 400]);
      }
      const vars = await t.http
        .post('/graphql')
        .set(admin.headers)
        .send({
          query: 'mutation ($u: Int!, $until: DateTime) { suspendMemberFromCommunity(userId: $u, until: $until) }',
          variables: { u: user.userId, until: when },
        });
      expect([when, vars.status]).toEqual([when, 400]);
    }
    expect(await t.platform.prisma.membership.count({ where: { userId: user.userId } })).toBe(0);
    // The edges themselves are dates like any other.
    const edge = await a.post(`/members/${user.userId}/grant`, { plan_id: gold.id, ends_at: '9999-12-31T23:59:59Z' });
    expect([edge.status, edge.body.current_period_end]).toEqual([200, '9999-12-31T23:59:59Z']);
    const first = await graphqlPost(
      `mutation { suspendMemberFromCommunity(userId: ${user.userId}, until: "0001-01-01T00:00:00Z") }`,
      admin,
    );
    expect(first.body).toEqual({ data: { suspendMemberFromCommunity: true } });
    expect(errorsLogged().length).toBe(before);
  });
});

describe('the importer', () => {
  const MUTATION = `mutation Import($file: File!) { importMemberships(file: $file, from: rcp) { rows created skipped errors { line reason } } }`;
  const HEADER =
    'Membership ID,User Email,User Login,First Name,Last Name,Membership Level ID,Membership Level Name,Created Date,Expiration Date,Status';

  it('a NUL in a cell skips that row and reports it; the other rows are imported', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atrium-nul-'));
    const file = path.join(dir, 'nul.csv');
    writeFileSync(
      file,
      [
        HEADER,
        '9101,nul1@example.com,nul1,Ann,Lee,7,Gold,2024-01-01 00:00:00,2030-01-01 00:00:00,active',
        '9102,nul2@example.com,nul2,B\u0000b,Lee,7,Gold,2024-01-01 00:00:00,2030-01-01 00:00:00,active',
        '9103,nul3@example.com,nul3,Cy,Lee,7,Gold,2024-01-01 00:00:00,2030-01-01 00:00:00,active',
        '',
      ].join('\n'),
    );
    const res = await t.http
      .post('/graphql')
      .set(admin.headers)
      .field('operations', JSON.stringify({ query: MUTATION, variables: { file: null } }))
      .field('map', JSON.stringify({ 0: ['variables.file'] }))
      .attach('0', file, { filename: 'nul.csv', contentType: 'text/csv' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.importMemberships).toEqual({
      rows: 3,
      created: 2,
      skipped: 1,
      errors: [{ line: 3, reason: 'First Name must not contain a NUL character.' }],
    });
    expect(
      await t.platform.prisma.user.count({
        where: { email: { in: ['nul1@example.com', 'nul2@example.com', 'nul3@example.com'] } },
      }),
    ).toBe(2);
  });
});
