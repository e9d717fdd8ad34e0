// A submission, start to finish: rate limit, form and restrictions, honeypot, validation (400 with a message per
// field, nothing stored), then one short transaction that re-checks the limits that need the data (entry limit, no
// duplicates) under the form's row lock and stores the entry. Events, the mailing feed and notifications follow the
// commit; notifications go out in the background.
import { z } from 'zod';
import { Prisma, type FormEntry } from '../../../generated/prisma/client.ts';
import { id } from '../../../input/vocabulary.ts';
import type { RequestInfo } from '../../../platform/request.ts';
import { isForeignKeyViolation } from '../../../platform/database-errors.ts';
import { AppError, ValidationError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../platform/principal.ts';
import { hitRateLimit } from '../../../platform/rate-limit.ts';
import { transaction, type Tx } from '../../../platform/transaction.ts';
import { storedForm, type StoredForm } from '../definition/stored.ts';
import { subscriptionRequest } from '../feed.ts';
import { notifyJobKey, notifyTask } from '../notify/task.ts';
import { formNotFound, getForm } from '../service/forms.ts';
import { renderConfirmation, type RenderedConfirmation } from './confirmation.ts';
import { closed, COUNTED_STATUSES, loginRefusal, periodStart, scheduleRefusal } from './restrictions.ts';
import { checkSubmission, searchTextOf } from './validate.ts';
import type { FieldValue } from './values.ts';

/** What a submission sends: the form and its values (over REST, the body itself: its keys are field keys). */
export const SubmissionArgs = {
  id: id(),
  values: z
    .record(z.string(), z.unknown(), { error: 'values is an object of field key -> value.' })
    .describe('Field key -> value (checkbox: a list; consent: a boolean).'),
};

export interface Submission {
  formId: number;
  values: Record<string, unknown>;
  principal: Principal;
  request: Pick<RequestInfo, 'ip' | 'userAgent' | 'header'>;
}

/** The form, if it takes submissions from this caller now (entry limits are checked when storing). */
async function openForm(platform: Platform, s: Submission): Promise<StoredForm> {
  const row = await getForm(platform, s.principal, s.formId);
  if (row.status !== 'active')
    throw new AppError('forms_form_inactive', 'This form is inactive and does not take submissions.', { status: 403 });
  const form = storedForm(row);
  const refusal = loginRefusal(form.settings, s.principal) ?? scheduleRefusal(form.settings, platform.clock.now());
  if (refusal) throw refusal;
  return form;
}

const spamRefusal = () => new AppError('forms_spam_detected', 'The submission was refused as spam.', { status: 400 });

/** Validates a submission without storing it (the validate route). Same refusals as a submission. */
export async function validateSubmission(platform: Platform, s: Submission): Promise<Record<string, FieldValue>> {
  return (await prepare(platform, s)).values;
}

async function prepare(platform: Platform, s: Submission) {
  const { submitLimit, submitWindowSeconds } = platform.config.forms;
  if (submitLimit > 0) {
    await hitRateLimit(
      platform,
      { name: 'forms:submit', limit: submitLimit, windowSeconds: submitWindowSeconds },
      s.request.ip ?? 'unknown',
    );
  }
  const form = await openForm(platform, s);
  const checked = checkSubmission(form.fields, form.settings, s.values);
  // A filled honeypot is answered before validation, so bots learn nothing about the fields.
  if (checked.honeypotFilled && form.settings.spamAction === 'reject') throw spamRefusal();
  const context = { form, values: checked.values, principal: s.principal };
  const errors = await platform.hooks.applyFilters('forms/submission/errors', checked.errors, context);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const spam = await platform.hooks.applyFilters('forms/submission/is_spam', checked.honeypotFilled, context);
  if (spam && form.settings.spamAction === 'reject') throw spamRefusal();
  return { form, values: checked.values, spam: Boolean(spam) };
}

/** Entry limit and "no duplicates", under the form's row lock so concurrent submissions cannot both slip in. */
async function checkStoredLimits(tx: Tx, platform: Platform, form: StoredForm, values: Record<string, FieldValue>) {
  const limit = form.settings.entryLimit;
  const unique = form.fields.filter((f) => f.noDuplicates && values[f.key] !== null && values[f.key] !== undefined);
  if (!limit && unique.length === 0) return;
  await tx.$queryRaw`SELECT id FROM forms WHERE id = ${form.id} FOR UPDATE`;
  const counted = { formId: form.id, status: { in: COUNTED_STATUSES } };
  if (limit) {
    const since = periodStart(limit.period, platform.clock.now());
    const n = await tx.formEntry.count({ where: { ...counted, ...(since ? { createdAt: { gte: since } } : {}) } });
    if (n >= limit.count) throw closed(limit.message);
  }
  const errors: Record<string, string> = {};
  for (const f of unique) {
    const taken = await tx.formEntry.findFirst({
      where: { ...counted, values: { path: [f.key], equals: values[f.key] as Prisma.InputJsonValue } },
      select: { id: true },
    });
    if (taken) errors[f.key] = 'This value has already been submitted.';
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export async function submitEntry(
  platform: Platform,
  s: Submission,
): Promise<{ entry: FormEntry; confirmation: RenderedConfirmation }> {
  const { form, values, spam } = await prepare(platform, s);
  const notify = !spam && form.notifications.some((n) => n.enabled);
  const now = platform.clock.now();
  const consents = form.fields
    .filter((f) => f.type === 'consent' && values[f.key] === true)
    .map((f) => ({ field: f.key, label: f.label, description: f.description }));

  const entry = await transaction(platform, async (tx, after) => {
    if (!spam) await checkStoredLimits(tx, platform, form, values);
    const created = await tx.formEntry
      .create({
        data: {
          formId: form.id,
          formVersion: form.version,
          status: spam ? 'spam' : 'unread',
          values: values as Prisma.InputJsonValue,
          meta: consents.length ? { consents } : {},
          searchText: searchTextOf(values),
          userId: userIdOf(s.principal),
          ip: form.settings.storeIp ? s.request.ip : null,
          userAgent: s.request.userAgent?.slice(0, 1000) ?? null,
          sourceUrl: s.request.header('referer')?.slice(0, 2048) ?? null,
          notificationStatus: notify ? 'sending' : 'none',
          notificationTries: notify ? 1 : 0,
          createdAt: now,
          updatedAt: now,
        },
      })
      .catch((err: unknown) => {
        throw isForeignKeyViolation(err) ? formNotFound() : err; // the form was deleted since it was read
      });
    if (spam) return created;
    const ids = { entryId: created.id, formId: form.id };
    after.emit('forms/entry/created', { ...ids, formVersion: form.version, values, userId: created.userId });
    const request = subscriptionRequest(form.mailingFeed, ids, values);
    if (request) after.emit('mailing/subscription/requested', request);
    if (notify)
      after.enqueue(notifyTask, { entryId: created.id, submitted: true }, { jobKey: notifyJobKey(created.id) });
    return created;
  });
  return { entry, confirmation: renderConfirmation(platform, form, entry) };
}
