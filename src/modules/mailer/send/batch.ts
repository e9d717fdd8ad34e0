// Campaign sending on the job engine. A campaign in "sending" runs on lanes (MAILER_SEND_LANES): a lane is a chain of
// jobs of the task mailer/campaign/batch (job_key mailer/campaign/<id>/lane/<n>), and each job sends batches:
//   1. claims up to MAILER_BATCH_SIZE queued recipients and marks them "sending" in ONE statement
//      (UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING …, only while the campaign is
//      sending): two workers, on one instance or two, never hold the same row, and a pause or a cancel stops every lane
//      before its next claim (the rows it holds still go);
//   2. sends the batch concurrently through platform.mail (its SMTP_THREADS mail threads, each with a pooled
//      transport; the messages are rendered here, composed and written there), outside any transaction,
//      and claims the next batch once fewer than a quarter batch are unanswered (up to BATCHES_PER_JOB batches a job),
//      so the claim overlaps the batch's tail instead of the connections waiting for it;
//   3. marks each row sent, failed (with the SMTP error) or cancelled (unsubscribed since the audience was frozen), or
//      queued again with a not-before time when the server certainly did not take it (a 4xx reply, no connection:
//      retry.ts), failed once MAILER_RETRY_WAITS are used up;
//   4. adds the lane's next job when it still has work — now, or when its earliest deferred row is due — or else
//      finishes the campaign if nothing is queued (deferred rows are queued) or in flight.
// Whichever instance's worker is free takes the next job, so instances add up; batches run at priority 10, so a
// durable event waiting goes first. A failed message is a failed row (at most once, leases.ts); the task throws after
// its claim only when a write failed or a mail thread was lost with messages in doubt (their rows stay "sending" for
// the lease rule), and then only once the rest it holds is sent and recorded: its retry claims queued rows only.
import { MailInDoubtError } from '../../../platform/mail.ts';
import type { AddOptions, JobSpec } from '../../../platform/queue.ts';
import type { Platform } from '../../../platform/platform.ts';
import { defineTask, type JobInfo } from '../../../platform/tasks.ts';
import type { AfterCommit } from '../../../platform/transaction.ts';
import { campaignMessage, type CampaignContent } from './message.ts';
import { backoffMs, maxAttempts, refusedForNow } from './retry.ts';
import { linkSecret } from './tokens.ts';

interface Lane {
  campaignId: number;
  lane: number;
}

/** Below events (0): a campaign's thousands of batches never hold a listener's delivery back for long. */
const PRIORITY = 10;
/** A lane that found every queued row locked by another claim waits this long before it looks again. */
const RETRY_EMPTY_MS = 1000;

export const batchTask = defineTask<Lane>({
  name: 'mailer/campaign/batch',
  // Only its database statements can fail (the SMTP errors are the rows'): a few retries cover a restart of PostgreSQL.
  maxAttempts: 5,
  run: (platform, lane, job) => sendBatch(platform, lane, job),
});

/** One waiting job per lane: adding a lane's job again replaces the waiting one (a running one stays as it is). */
const laneOptions = (lane: Lane, when: Pick<AddOptions, 'runAt' | 'delayMs'> = {}): AddOptions => ({
  jobKey: `mailer/campaign/${lane.campaignId}/lane/${lane.lane}`,
  priority: PRIORITY,
  ...when,
});
const laneJob = (platform: Platform, lane: Lane, when?: Pick<AddOptions, 'runAt' | 'delayMs'>): JobSpec =>
  platform.queue.spec(batchTask, lane, laneOptions(lane, when));

/** A throttled campaign (MAILER_SEND_RATE) is one lane sending one message at a time; otherwise MAILER_SEND_LANES. */
const laneCount = (platform: Platform) => (platform.config.mailer.sendRate > 0 ? 1 : platform.config.mailer.lanes);

/** The jobs that start (or restart) a campaign's lanes: added in the transaction that moves it to sending. */
export function startLanes(platform: Platform, after: AfterCommit, campaignId: number): void {
  for (let lane = 0; lane < laneCount(platform); lane++)
    after.enqueue(batchTask, { campaignId, lane }, laneOptions({ campaignId, lane }));
}

/** The same outside a transaction (the every-minute job restarting a stalled campaign). */
export const restartLanes = (platform: Platform, campaignId: number) =>
  platform.queue.addJobs(
    Array.from({ length: laneCount(platform) }, (_, lane) => laneJob(platform, { campaignId, lane })),
  );

/** Recipients one job claims: a batch, or about ten seconds of a throttled campaign (well inside the lease). */
function claimSize(platform: Platform): number {
  const { batchSize, sendRate } = platform.config.mailer;
  return sendRate > 0 ? Math.max(1, Math.min(batchSize, Math.floor((sendRate / 60) * 10))) : batchSize;
}

async function content(platform: Platform, campaignId: number): Promise<CampaignContent | undefined> {
  const row = await platform.sql
    .selectFrom('mailer_campaigns')
    .select(['id', 'subject', 'html', 'text', 'links', 'from_name', 'from_email'])
    .where('id', '=', campaignId)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      subject: row.subject,
      html: row.html,
      text: row.text,
      links: row.links as string[],
      fromName: row.from_name,
      fromEmail: row.from_email,
    }
  );
}

/**
 * Claims and marks "sending" in one statement; answers the rows with their subscriber's name and status. Only rows
 * due by the platform's clock: a row deferred after a transient refusal waits for its not_before. The index
 * (campaign_id, status, not_before, id) gives the due rows in the claim's order, so the scan stops at the batch and
 * never walks past deferred ones (fresh rows carry the campaign's start, so they come first, by id).
 */
function claim(platform: Platform, campaignId: number, size: number) {
  const now = platform.clock.now();
  return platform.sql
    .with('claimed', (db) =>
      db
        .updateTable('mailer_recipients')
        .set({ status: 'sending', claimed_at: now })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mailer_recipients as r')
            .select('r.id')
            .where('r.campaign_id', '=', campaignId)
            .where('r.status', '=', 'queued')
            .where('r.not_before', '<=', now)
            .where((w) =>
              w.exists(
                w
                  .selectFrom('mailer_campaigns as c')
                  .select('c.id')
                  .where('c.id', '=', campaignId)
                  .where('c.status', '=', 'sending'),
              ),
            )
            .orderBy('r.not_before')
            .orderBy('r.id')
            .limit(size)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'email', 'subscriber_id', 'attempts']),
    )
    .selectFrom('claimed')
    .leftJoin('mailer_subscribers as s', 's.id', 'claimed.subscriber_id')
    .select(['claimed.id', 'claimed.email', 'claimed.attempts', 's.first_name', 's.status'])
    .orderBy('claimed.id')
    .execute();
}

type Outcome =
  | { status: 'sent' }
  | { status: 'failed'; error: string; attempts?: number }
  | { status: 'cancelled'; error: string }
  | { status: 'queued' }
  /** Refused for now (retry.ts): queued again, `attempts` refusals so far, due after their backoff. */
  | { status: 'deferred'; error: string; attempts: number };

/** Writes the batch's outcomes: one statement per outcome (failures grouped by their error text). */
async function mark(platform: Platform, outcomes: Map<number, Outcome>): Promise<void> {
  const now = platform.clock.now();
  const groups = new Map<string, { outcome: Outcome; ids: number[] }>();
  for (const [id, outcome] of outcomes) {
    const key = `${outcome.status}:${'attempts' in outcome ? outcome.attempts : ''}:${'error' in outcome ? outcome.error : ''}`;
    const group = groups.get(key) ?? { outcome, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  await Promise.all(
    [...groups.values()].map(({ outcome, ids }) =>
      platform.sql
        .updateTable('mailer_recipients')
        .set(
          outcome.status === 'sent'
            ? { status: 'sent', sent_at: now, error: null }
            : outcome.status === 'queued' // never handed to SMTP (shutdown): back to the queue
              ? { status: 'queued', claimed_at: null }
              : outcome.status === 'deferred' // refused for now: queued again, not claimed before its backoff
                ? {
                    status: 'queued',
                    claimed_at: null,
                    attempts: outcome.attempts,
                    not_before: new Date(
                      now.getTime() + backoffMs(platform.config.mailer.retryWaits, outcome.attempts),
                    ),
                    error: outcome.error,
                  }
                : {
                    status: outcome.status,
                    error: outcome.error,
                    ...('attempts' in outcome ? { attempts: outcome.attempts } : {}),
                  },
        )
        .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
        .where('status', '=', 'sending')
        .execute(),
    ),
  );
}

/**
 * Outcomes written in groups of `every` as they come (one write at a time; a throttled lane writes each one), or once
 * the oldest unwritten one has waited LINGER_MS, and the rest when the batch ends. Rows not yet written stay "sending",
 * which the stats count as queued, so progress read mid-batch is exact and at most LINGER_MS behind the SMTP server
 * (the console watches a send move); a write per arriving outcome cost a campaign ~20 statements a batch for nothing.
 */
const LINGER_MS = 250;

function recorder(platform: Platform, every: number) {
  let pending = new Map<number, Outcome>();
  let count = 0;
  let lost = 0;
  let writing: Promise<void> | null = null;
  let failure: unknown = null;
  let closing = false;
  let lingered = false;
  let timer: NodeJS.Timeout | undefined;
  const due = () => pending.size >= every || ((closing || lingered) && pending.size > 0);
  const drain = async () => {
    while (due()) {
      const next = pending;
      pending = new Map();
      lingered = false;
      clearTimeout(timer);
      timer = undefined;
      await mark(platform, next);
      count += next.size;
      self.onWrite();
    }
  };
  const start = (): void => {
    if (writing || !due()) return;
    writing = drain()
      .catch((err: unknown) => void (failure ??= err)) // thrown by written(): the job fails, its rows stay in doubt
      .finally(() => {
        if (failure) self.onWrite();
        writing = null;
        if (!failure) start(); // outcomes that came as the last write ended
      });
  };
  const self = {
    /** Called after each write (and on a failed one): a pipelined lane waits on it before its next claim. */
    onWrite: (): void => {},
    /** Outcomes written so far. */
    count: () => count,
    /** A write failed or a message was lost in doubt: the lane claims nothing more, and the job fails at the end. */
    stopped: () => failure !== null || lost > 0,
    add(id: number, outcome: Outcome): void {
      pending.set(id, outcome);
      // Real time, not the platform's clock: this only coalesces writes, it decides nothing about the campaign.
      timer ??= setTimeout(() => {
        lingered = true;
        start();
      }, LINGER_MS).unref();
      start();
    },
    /** A message whose mail thread was lost before it answered: the server may have taken it, so its row is never
     *  written (nor sent again) and stays "sending" until the lease rule settles it as interrupted (leases.ts). */
    lose(): void {
      lost++;
      self.onWrite();
    },
    async written(): Promise<void> {
      closing = true;
      clearTimeout(timer);
      start();
      while (writing) await writing;
      if (failure) throw failure;
      if (lost) throw new Error(`${lost} message(s) left in doubt: the mail thread sending them was lost.`);
    },
  };
  return self;
}
type Recorder = ReturnType<typeof recorder>;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * The message's outcome, or `null` when its mail thread was lost before it answered (in doubt). `attempts`: the row's
 * refusals for now so far. A refusal the server certainly made (retry.ts) defers the row, up to maxAttempts (MAILER_RETRY_WAITS).
 */
async function deliver(
  platform: Platform,
  message: ReturnType<typeof campaignMessage>,
  attempts: number,
): Promise<Outcome | null> {
  try {
    const result = await platform.mail.send(message);
    return result.rejected.length
      ? { status: 'failed', error: `Refused: ${result.rejected.join(', ')}` }
      : { status: 'sent' };
  } catch (err) {
    if (err instanceof MailInDoubtError) return null;
    if (!refusedForNow(err)) return { status: 'failed', error: errorText(err) };
    const refusals = attempts + 1;
    if (refusals < maxAttempts(platform.config.mailer.retryWaits))
      return { status: 'deferred', error: errorText(err), attempts: refusals };
    // Without retries (MAILER_RETRY_WAITS=none) the one refusal is the error, as a 5xx's is.
    const error = refusals > 1 ? `Refused ${refusals} times, the last: ${errorText(err)}` : errorText(err);
    return { status: 'failed', error, attempts: refusals };
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Batches one job sends back to back before it hands the lane to the engine again (whichever worker is free, on any
 * instance, takes the next one): the engine's take and completion are paid once per this many batches, not each.
 */
const BATCHES_PER_JOB = 10;

/**
 * Sends one claimed batch after another, and claims the next one while the last quarter of the current one is still
 * in flight (fewer than a quarter batch unanswered), so the lane's claim overlaps its own tail instead of the SMTP
 * connections waiting on it. Each claim still needs the campaign "sending", so a pause or a cancel stops the lane after
 * the rows it already holds: at most the batch in flight and the next one claimed during its tail. A claim also waits
 * until fewer than a batch of the lane's rows are unrecorded (in flight or outcome not yet written), so what a killed
 * process leaves in doubt stays under two batches per lane (leases.ts) even when the database writes lag.
 * Answers how many rows it took in all and in its last claim (a full last claim: the lane has more to send).
 */
async function sendPipelined(
  platform: Platform,
  lane: Lane,
  job: JobInfo,
  size: number,
  outcomes: Recorder,
  send: (r: Claimed) => Promise<void>,
): Promise<{ total: number; last: number }> {
  let inFlight = 0;
  let total = 0;
  const ready = () => outcomes.stopped() || (inFlight < size / 4 && total - outcomes.count() < size);
  let wake: (() => void) | null = null;
  outcomes.onWrite = () => void (ready() && wake?.());
  const sending: Promise<void>[] = [];
  let rows = await claim(platform, lane.campaignId, size);
  for (let batch = 1; ; batch++) {
    total += rows.length;
    for (const r of rows) {
      inFlight++;
      sending.push(
        send(r).finally(() => {
          inFlight--;
          if (ready()) wake?.();
        }),
      );
    }
    if (rows.length < size || batch >= BATCHES_PER_JOB || job.signal.aborted) break;
    if (!ready()) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    // Shutting down: finish what is held, claim nothing more; a failed write or a lost mail thread: the job fails once
    // the rest is sent (its retry goes on with the queued rows).
    if (job.signal.aborted || outcomes.stopped()) break;
    rows = await claim(platform, lane.campaignId, size);
  }
  await Promise.all(sending); // the pooled transport spreads them over its connections
  return { total, last: rows.length };
}

type Claimed = Awaited<ReturnType<typeof claim>>[number];

async function sendBatch(platform: Platform, lane: Lane, job: JobInfo): Promise<void> {
  const c = await content(platform, lane.campaignId);
  if (!c) return; // paused, cancelled, sent or deleted: the lane ends (resume starts the lanes again)
  const size = claimSize(platform);
  const secret = await linkSecret(platform);
  const { sendRate } = platform.config.mailer;
  const outcomes = recorder(platform, sendRate > 0 ? 1 : Math.max(1, Math.ceil(size / 4)));
  const send = async (r: Claimed) => {
    // Left (or was deleted) after the audience was frozen: never mail them.
    if (r.status !== 'subscribed') return outcomes.add(r.id, { status: 'cancelled', error: 'No longer subscribed.' });
    const message = campaignMessage(platform, secret, c, { id: r.id, email: r.email, firstName: r.first_name ?? '' });
    const outcome = await deliver(platform, message, r.attempts);
    if (outcome) outcomes.add(r.id, outcome);
    else outcomes.lose();
  };
  let taken: { total: number; last: number };
  if (sendRate > 0) {
    const rows = await claim(platform, lane.campaignId, size);
    taken = { total: rows.length, last: rows.length };
    for (const r of rows) {
      if (job.signal.aborted || outcomes.stopped())
        outcomes.add(r.id, { status: 'queued' }); // shutting down (or stopped): the rest were never sent
      else {
        await send(r);
        await pause(60_000 / sendRate);
      }
    }
  } else {
    taken = await sendPipelined(platform, lane, job, size, outcomes, send);
  }
  await outcomes.written();
  if (taken.total) await noteProgress(platform, lane.campaignId);
  if (taken.last === size) return platform.queue.addJobs([laneJob(platform, lane)]);
  const left = await remaining(platform, lane.campaignId);
  if (left?.status !== 'sending') return;
  if (left.queued) {
    // Only deferred rows, none due: the lane sleeps until the earliest is (the wait by the platform's clock, counted
    // by the engine from its own now()), neither spinning nor ending the campaign.
    const wait = (left.next_at?.getTime() ?? 0) - platform.clock.now().getTime();
    if (wait > 0) return platform.queue.addJobs([laneJob(platform, lane, { delayMs: wait })]);
    return platform.queue.addJobs([
      laneJob(platform, lane, taken.total ? {} : { runAt: new Date(platform.clock.now().getTime() + RETRY_EMPTY_MS) }),
    ]);
  }
  if (!left.sending) await finish(platform, lane.campaignId);
}

const progressNoted = new WeakMap<Platform, Map<number, number>>();

/** progress_at for the stuck-campaign check, at most every 30 s per campaign and instance (not a statement a batch). */
async function noteProgress(platform: Platform, campaignId: number): Promise<void> {
  let noted = progressNoted.get(platform);
  if (!noted) progressNoted.set(platform, (noted = new Map()));
  const now = platform.clock.now();
  if (now.getTime() - (noted.get(campaignId) ?? 0) < 30_000) return;
  noted.set(campaignId, now.getTime());
  await platform.sql
    .updateTable('mailer_campaigns')
    .set({ progress_at: now })
    .where('id', '=', campaignId)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * The campaign's status and progress, with its recipients still queued (deferred ones included) and in flight, and
 * when the earliest queued row is due (`next_at`: later than now when only deferred rows are left) — one statement.
 */
export function remaining(platform: Platform, campaignId: number) {
  return platform.sql
    .selectFrom('mailer_campaigns as c')
    .select((eb) => [
      'c.status',
      'c.progress_at',
      eb
        .selectFrom('mailer_recipients as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('r.campaign_id', '=', campaignId)
        .where('r.status', '=', 'queued')
        .as('queued'),
      eb
        .selectFrom('mailer_recipients as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('r.campaign_id', '=', campaignId)
        .where('r.status', '=', 'sending')
        .as('sending'),
      eb
        .selectFrom('mailer_recipients as r')
        .select((e) => e.fn.min('r.not_before').as('t'))
        .where('r.campaign_id', '=', campaignId)
        .where('r.status', '=', 'queued')
        .as('next_at'),
    ])
    .where('c.id', '=', campaignId)
    .executeTakeFirst();
}

/** Nothing queued nor in flight: the campaign is sent (once, whichever lane or instance gets here first). */
export async function finish(platform: Platform, campaignId: number): Promise<void> {
  const { prisma, clock } = platform;
  const now = clock.now();
  const done = await prisma.mailerCampaign.updateMany({
    where: { id: campaignId, status: 'sending' },
    data: { status: 'sent', finishedAt: now, progressAt: now, updatedAt: now },
  });
  if (!done.count) return;
  const [sent, failed] = await Promise.all([
    prisma.mailerRecipient.count({ where: { campaignId, status: 'sent' } }),
    prisma.mailerRecipient.count({ where: { campaignId, status: 'failed' } }),
  ]);
  await platform.events.emit('mailer/campaign/sent', { campaignId, sent, failed });
}
