// Shared fixtures of the mailer tests: REST shortcuts as an administrator, and seeding through the public routes.
import { expect } from 'vitest';
import type { Prisma } from '../../../src/generated/prisma/client.ts';
import type { Caller, TestApp } from '../../helpers/app.ts';

export const api = (t: TestApp, caller: Caller) => ({
  get: (path: string) => t.http.get(`/wp-json/mailer/v1${path}`).set(caller.headers),
  post: (path: string, body: object = {}) => t.http.post(`/wp-json/mailer/v1${path}`).set(caller.headers).send(body),
  put: (path: string, body: object = {}) => t.http.put(`/wp-json/mailer/v1${path}`).set(caller.headers).send(body),
  del: (path: string) => t.http.delete(`/wp-json/mailer/v1${path}`).set(caller.headers),
});
export type Api = ReturnType<typeof api>;

export async function created(res: { status: number; body: any }, status = 201) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/** A list with `n` subscribed members named user<i>@<domain>. */
export async function seedList(a: Api, n: number, domain = 'example.org', name = 'Newsletter') {
  const list = await created(await a.post('/lists', { name }));
  const subscribers = [];
  for (let i = 0; i < n; i++) {
    subscribers.push(
      await created(
        await a.post('/subscribers', {
          email: `user${i}@${domain}`,
          first_name: i % 2 ? `Name${i}` : '',
          list_id: list.id,
        }),
      ),
    );
  }
  return { list, subscribers };
}

export async function draft(a: Api, body: object) {
  return created(
    await a.post('/campaigns', {
      name: 'November news',
      subject: 'Hello {{first_name|friend}}',
      from_name: 'Atrium News',
      from_email: 'news@example.org',
      html: '<html><body><p>Hi {{first_name|friend}} ({{email}})</p><a href="https://example.org/a?x=1&amp;y=2">A</a> <a href="https://example.org/b">B</a></body></html>',
      text: 'Hi {{first_name|friend}}',
      ...body,
    }),
  );
}

/** Waits until the campaign batches (and any other job) due now are done, on this instance's workers. */
export const settle = (t: TestApp) => t.settle();

/** A campaign's recipients counted by status: `{ sent: 9, failed: 1 }`. */
export async function recipientStatuses(t: TestApp, campaignId: number): Promise<Record<string, number>> {
  const rows = await t.platform.prisma.mailerRecipient.groupBy({
    by: ['status'],
    where: { campaignId },
    _count: { _all: true },
    orderBy: { status: 'asc' },
  });
  return Object.fromEntries(rows.map((r) => [r.status, r._count._all]));
}

/** GET /metrics' atrium_mail_queue series by their state label: `{ queued: 3, deferred: 1, sending: 0 }`. */
export async function mailQueue(t: TestApp, token: string): Promise<Record<string, number>> {
  const res = await t.http.get('/metrics').set('Authorization', `Bearer ${token}`);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    [...res.text.matchAll(/^atrium_mail_queue\{state="([a-z]+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]),
  );
}

/** A paused campaign holding `recipients` as the sender left them (no lane moves a paused campaign's rows); its id. */
export async function pausedCampaign(
  t: TestApp,
  name: string,
  recipients: Prisma.MailerRecipientUncheckedCreateWithoutCampaignInput[],
): Promise<number> {
  const now = t.clock.now();
  const campaign = await t.platform.prisma.mailerCampaign.create({
    data: {
      name,
      subject: 'Hello',
      fromEmail: 'news@example.org',
      text: 'The news.',
      listIds: [],
      status: 'paused',
      startedAt: now,
      progressAt: now,
      createdAt: now,
      updatedAt: now,
      recipients: { create: recipients },
    },
  });
  return campaign.id;
}
