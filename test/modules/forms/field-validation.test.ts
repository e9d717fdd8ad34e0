// Every field type's server-side validation through REST, good and bad values, JSON and form-encoded bodies;
// required fields, defaults, and conditional logic deciding what is required and kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm, createForm, goodContact, submit } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let formId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
  admin = await t.as('administrator');
  formId = (
    await createForm(t, admin, {
      title: 'Every type',
      fields: [
        {
          key: 'nickname',
          type: 'text',
          label: 'Nickname',
          minLength: 2,
          maxLength: 5,
          pattern: '[a-z]+',
          patternMessage: 'Lower-case letters only.',
        },
        { key: 'bio', type: 'textarea', label: 'Bio', maxLength: 20 },
        { key: 'email', type: 'email', label: 'E-mail', required: true },
        { key: 'age', type: 'number', label: 'Age', min: 18, max: 99, step: 1 },
        { key: 'price', type: 'number', label: 'Price', min: 0, step: 0.5 },
        {
          key: 'size',
          type: 'select',
          label: 'Size',
          options: [
            { label: 'Small', value: 's' },
            { label: 'Large', value: 'l' },
          ],
        },
        {
          key: 'plan',
          type: 'radio',
          label: 'Plan',
          options: [
            { label: 'Basic', value: 'basic' },
            { label: 'Pro', value: 'pro' },
          ],
        },
        {
          key: 'extras',
          type: 'checkbox',
          label: 'Extras',
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'b' },
            { label: 'C', value: 'c' },
          ],
        },
        { key: 'start', type: 'date', label: 'Start', minDate: '2026-01-01', maxDate: '2026-12-31' },
        { key: 'phone', type: 'phone', label: 'Phone' },
        { key: 'site', type: 'url', label: 'Website' },
        { key: 'campaign', type: 'hidden', defaultValue: 'spring', maxLength: 20 },
        { key: 'terms', type: 'consent', label: 'I accept the terms', required: true },
      ],
    })
  ).id;
});
afterAll(() => t?.close());

const base = { email: 'someone@example.com', terms: true };
const validate = (body: object) => t.http.post(`/wp-json/forms/v1/forms/${formId}/validate`).send(body);

type Case = [key: string, given: unknown, expected: { value: unknown } | { error: string }];

const cases: Case[] = [
  ['nickname', 'abc', { value: 'abc' }],
  ['nickname', '  abc  ', { value: 'abc' }],
  ['nickname', 'a', { error: 'Enter at least 2 characters.' }],
  ['nickname', 'abcdef', { error: 'Enter no more than 5 characters.' }],
  ['nickname', 'ABC', { error: 'Lower-case letters only.' }],
  ['nickname', ['abc'], { error: 'Enter a single value.' }],
  ['nickname', { a: 1 }, { error: 'Enter a single value.' }],
  ['bio', 'line one\r\nline two', { value: 'line one\nline two' }],
  ['bio', 'x'.repeat(21), { error: 'Enter no more than 20 characters.' }],
  ['email', 'Ada@Example.COM', { value: 'ada@example.com' }],
  ['email', 'not-an-email', { error: 'Enter a valid email address.' }],
  ['email', `${'a'.repeat(250)}@x.io`, { error: 'Enter a valid email address.' }],
  ['email', '', { error: 'This field is required.' }],
  ['age', 42, { value: 42 }],
  ['age', '42', { value: 42 }],
  ['age', '17', { error: 'Enter a number from 18 to 99.' }],
  ['age', 100, { error: 'Enter a number from 18 to 99.' }],
  ['age', '42.5', { error: 'Enter a multiple of 1 from 18.' }],
  ['age', 'forty', { error: 'Enter a number.' }],
  ['age', '1e3', { error: 'Enter a number.' }],
  ['age', '9'.repeat(400), { error: 'Enter a number.' }],
  ['price', '2.5', { value: 2.5 }],
  ['price', 2.25, { error: 'Enter a multiple of 0.5.' }],
  ['price', -1, { error: 'Enter a number greater than or equal to 0.' }],
  ['size', 'l', { value: 'l' }],
  ['size', 'Large', { error: 'Choose one of the listed options.' }],
  ['size', ['s', 'l'], { error: 'Enter a single value.' }],
  ['plan', 'pro', { value: 'pro' }],
  ['plan', 'gold', { error: 'Choose one of the listed options.' }],
  ['extras', ['a', 'c', 'a'], { value: ['a', 'c'] }],
  ['extras', 'b', { value: ['b'] }],
  ['extras', [], { value: [] }],
  ['extras', ['a', 'z'], { error: 'Choose only from the listed options.' }],
  ['extras', [1], { error: 'Choose only from the listed options.' }],
  ['start', '2026-03-01', { value: '2026-03-01' }],
  ['start', '2026-02-30', { error: 'Enter a date as YYYY-MM-DD.' }],
  ['start', '01/03/2026', { error: 'Enter a date as YYYY-MM-DD.' }],
  ['start', '2025-12-31', { error: 'Enter a date on or after 2026-01-01.' }],
  ['start', '2027-01-01', { error: 'Enter a date on or before 2026-12-31.' }],
  ['phone', '+44 (20) 7946-0958', { value: '+44 (20) 7946-0958' }],
  ['phone', '12ab34', { error: 'Enter a valid phone number.' }],
  ['phone', '123', { error: 'Enter a valid phone number.' }],
  ['phone', '+1234567890123456', { error: 'Enter a valid phone number.' }],
  ['site', 'https://example.com/path?q=1', { value: 'https://example.com/path?q=1' }],
  ['site', 'example.com', { error: 'Enter a valid URL starting with http:// or https://.' }],
  ['site', 'javascript:alert(1)', { error: 'Enter a valid URL starting with http:// or https://.' }],
  ['campaign', 'autumn', { value: 'autumn' }],
  ['campaign', 'x'.repeat(21), { error: 'Enter no more than 20 characters.' }],
  ['terms', 'on', { value: true }],
  ['terms', '1', { value: true }],
  ['terms', false, { error: 'This field is required.' }],
  ['terms', 'maybe', { error: 'Check the box or leave it unchecked.' }],
];

describe('each field type', () => {
  it.each(cases)('%s = %j', async (key, given, expected) => {
    const res = await validate({ ...base, [key]: given });
    if ('value' in expected) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.valid).toBe(true);
      expect(res.body.values[key]).toEqual(expected.value);
    } else {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'rest_invalid_param',
        message: `Invalid parameter(s): ${key}`,
        data: { status: 400 },
      });
      expect(res.body.data.params).toEqual({ [key]: expected.error });
      expect(res.body.data.details[key]).toEqual({ code: 'rest_invalid_param', message: expected.error, data: null });
    }
  });

  it('reports every bad field at once and stores nothing', async () => {
    const res = await submit(t, formId, { email: 'nope', age: 'x', size: 'xl', terms: false, colour: 'blue' });
    expect(res.status).toBe(400);
    expect(res.body.data.params).toEqual({
      colour: 'This form has no such field.',
      email: 'Enter a valid email address.',
      age: 'Enter a number.',
      size: 'Choose one of the listed options.',
      terms: 'This field is required.',
    });
    expect(await t.platform.prisma.formEntry.count()).toBe(0);
  });

  it('fills defaults for omitted keys only, and keeps empty optional fields as empty', async () => {
    const res = await submit(t, formId, base);
    expect(res.status).toBe(201);
    expect(res.body.entry.values).toEqual({
      nickname: null,
      bio: null,
      email: 'someone@example.com',
      age: null,
      price: null,
      size: null,
      plan: null,
      extras: [],
      start: null,
      phone: null,
      site: null,
      campaign: 'spring',
      terms: true,
    });
    const cleared = await submit(t, formId, { ...base, campaign: '' });
    expect(cleared.body.entry.values.campaign).toBeNull();
  });

  it('takes form-encoded bodies (lists as name[]), ignoring transport keys such as _wpnonce', async () => {
    const res = await t.http
      .post(`/wp-json/forms/v1/forms/${formId}/submit`)
      .type('form')
      .send('email=Form%40Example.com&terms=on&extras[]=a&extras[]=b&age=30&_wpnonce=abc&_locale=user');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entry.values).toMatchObject({
      email: 'form@example.com',
      terms: true,
      extras: ['a', 'b'],
      age: 30,
    });
  });
});

describe('conditional logic', () => {
  let contactId: number;
  beforeAll(async () => {
    contactId = (await createForm(t, admin, contactForm())).id;
  });

  it('a field hidden by its rule is neither required nor kept', async () => {
    const res = await submit(t, contactId, goodContact({ order_number: 'ignored' }));
    expect(res.status).toBe(201);
    expect(res.body.entry.values).not.toHaveProperty('order_number');
  });

  it('a field shown by its rule is required and validated', async () => {
    const missing = await submit(t, contactId, goodContact({ topic: 'support' }));
    expect(missing.status).toBe(400);
    expect(missing.body.data.params).toEqual({ order_number: 'This field is required.' });
    const wrong = await submit(t, contactId, goodContact({ topic: 'support', order_number: 'ab-12' }));
    expect(wrong.body.data.params).toEqual({ order_number: 'Use two capitals, a dash and four digits (AB-1234).' });
    const ok = await submit(t, contactId, goodContact({ topic: 'support', order_number: 'AB-1234' }));
    expect(ok.status).toBe(201);
    expect(ok.body.entry.values.order_number).toBe('AB-1234');
  });

  it('operators: any/all, hide, numbers, lists, emptiness', async () => {
    const form = await createForm(t, admin, {
      title: 'Logic',
      fields: [
        { key: 'qty', type: 'number', label: 'Quantity' },
        {
          key: 'tags',
          type: 'checkbox',
          label: 'Tags',
          options: [
            { label: 'X', value: 'x' },
            { label: 'Y', value: 'y' },
          ],
        },
        { key: 'note', type: 'text', label: 'Note' },
        {
          key: 'bulk',
          type: 'text',
          label: 'Bulk reason',
          required: true,
          conditional: {
            match: 'any',
            rules: [
              { field: 'qty', operator: 'greater_than', value: '10' },
              { field: 'tags', operator: 'is', value: 'Y' },
            ],
          },
        },
        {
          key: 'why_empty',
          type: 'text',
          label: 'Why no note?',
          required: true,
          conditional: { action: 'hide', rules: [{ field: 'note', operator: 'is_not_empty', value: '' }] },
        },
      ],
    });
    const params = async (body: object) => (await validateFor(form.id, body)).body.data?.params ?? {};
    expect(await params({ qty: 5, note: 'n' })).toEqual({});
    expect(await params({ qty: 11, note: 'n' })).toEqual({ bulk: 'This field is required.' });
    expect(await params({ tags: ['y'], note: 'n' })).toEqual({ bulk: 'This field is required.' });
    expect(await params({ qty: 'many', note: 'n' })).toEqual({ qty: 'Enter a number.' });
    expect(await params({})).toEqual({ why_empty: 'This field is required.' });
  });
});

const validateFor = (id: number, body: object) => t.http.post(`/wp-json/forms/v1/forms/${id}/validate`).send(body);
