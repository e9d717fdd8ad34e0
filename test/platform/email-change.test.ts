// A self-service e-mail change cannot probe for addresses (issue 18 item 5): without edit_users, asking for another
// account's address and for a free one answer the same, and nothing changes until the token mailed to the new
// address confirms it; only then does a taken address say so (409). Administrators change addresses at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';
import { startSmtpSink } from '../helpers/smtp.ts';

const Update = graphql(`
  mutation ECUpdate($id: Int!, $input: UpdateUserInput!) {
    updateUser(id: $id, input: $input) {
      id
      email
    }
  }
`);
const Confirm = graphql(`
  mutation ECConfirm($token: String!) {
    confirmEmailChange(token: $token)
  }
`);

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: Caller;
let ada: Caller;
let bob: Caller;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  [admin, ada, bob] = await Promise.all([t.as('administrator'), t.as('subscriber', 'ada'), t.as('subscriber', 'bob')]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const tokenIn = (to: string) =>
  /Confirmation token: (\S+)/.exec(smtp.messages.findLast((m) => m.envelope.to.includes(to))!.parsed.text!)![1]!;

describe('self-service e-mail changes', () => {
  it('answer the same for a taken and a free address, and change nothing yet', async () => {
    const taken = await t.gql(Update, { id: ada.userId, input: { email: 'bob@example.com' } }, ada);
    const free = await t.gql(Update, { id: ada.userId, input: { email: 'ada.new@example.com' } }, ada);
    expect(taken).toEqual({ data: { updateUser: { id: ada.userId, email: 'ada@example.com' } } });
    expect(free).toEqual(taken);
    expect(smtp.messages.map((m) => m.envelope.to)).toEqual([['bob@example.com'], ['ada.new@example.com']]);
  });

  it('the mailed token applies the latest request once; an old or unknown token is 404', async () => {
    const token = tokenIn('ada.new@example.com');
    expect((await t.gql(Confirm, { token })).data?.confirmEmailChange).toBe(true);
    expect((await t.platform.prisma.user.findUniqueOrThrow({ where: { id: ada.userId } })).email).toBe(
      'ada.new@example.com',
    );
    expect((await t.gql(Confirm, { token })).errors?.[0]?.extensions).toMatchObject({
      code: 'user_email_change_not_found',
      status: 404,
    });
    expect((await t.gql(Confirm, { token: tokenIn('bob@example.com') })).errors?.[0]?.extensions?.status).toBe(404); // replaced
  });

  it('a taken address fails at confirmation, where only its mailbox owner sees it; tokens expire after a day', async () => {
    await t.gql(Update, { id: ada.userId, input: { email: 'bob@example.com' } }, ada);
    expect((await t.gql(Confirm, { token: tokenIn('bob@example.com') })).errors?.[0]?.extensions).toMatchObject({
      code: 'user_email_exists',
      status: 409,
    });
    await t.gql(Update, { id: ada.userId, input: { email: 'later@example.com' } }, ada);
    t.clock.advance({ hours: 25 });
    expect((await t.gql(Confirm, { token: tokenIn('later@example.com') })).errors?.[0]?.extensions?.status).toBe(404);
  });

  it('an administrator changes an address at once, and is told when it is taken', async () => {
    expect(
      (await t.gql(Update, { id: bob.userId, input: { email: 'robert@example.com' } }, admin)).data?.updateUser.email,
    ).toBe('robert@example.com');
    expect(
      (await t.gql(Update, { id: bob.userId, input: { email: 'ada.new@example.com' } }, admin)).errors?.[0]?.extensions
        ?.code,
    ).toBe('user_email_exists');
  });
});
