// Shared fixtures of the forms tests: GraphQL documents, sample definitions, and a form created through GraphQL.
import { expect } from 'vitest';
import { graphql } from '../../gql/index.ts';
import type { FormInput } from '../../gql/graphql.ts';
import type { Caller, TestApp } from '../../helpers/app.ts';

export const CreateForm = graphql(`
  mutation FormsCreate($input: FormInput!) {
    createForm(input: $input) {
      id
      title
      status
      version
      fields {
        key
        type
      }
      settings {
        honeypot
        honeypotName
      }
    }
  }
`);

export const UpdateForm = graphql(`
  mutation FormsUpdate($id: Int!, $input: FormInput!, $expectedVersion: Int) {
    updateForm(id: $id, input: $input, expectedVersion: $expectedVersion) {
      id
      title
      status
      version
      fields {
        key
        type
        label
        required
      }
      settings {
        honeypot
        submitLabel
        entryLimit {
          count
          period
        }
        retentionDays
      }
      mailingFeed {
        emailField
        listId
        tagSlugs
      }
    }
  }
`);

/** A contact form: required text, email, a select that shows a patterned field, a textarea and a consent box. */
export function contactForm(over: Partial<FormInput> = {}): FormInput {
  return {
    title: 'Contact us',
    description: 'We answer within a day.',
    fields: [
      { key: 'name', type: 'text', label: 'Name', required: true, maxLength: 80 },
      { key: 'email', type: 'email', label: 'E-mail', required: true },
      {
        key: 'topic',
        type: 'select',
        label: 'Topic',
        required: true,
        options: [
          { label: 'Sales', value: 'sales' },
          { label: 'Support', value: 'support' },
        ],
      },
      {
        key: 'order_number',
        type: 'text',
        label: 'Order number',
        required: true,
        pattern: '[A-Z]{2}-\\d{4}',
        patternMessage: 'Use two capitals, a dash and four digits (AB-1234).',
        conditional: { action: 'show', match: 'all', rules: [{ field: 'topic', operator: 'is', value: 'support' }] },
      },
      { key: 'message', type: 'textarea', label: 'Message', required: true, minLength: 10 },
      {
        key: 'newsletter',
        type: 'consent',
        label: 'Send me the newsletter',
        description: 'Monthly, unsubscribe any time.',
      },
    ],
    confirmation: { type: 'message', message: '<p>Thanks, {field:name}!</p>' },
    ...over,
  };
}

export const goodContact = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  topic: 'sales',
  message: 'I would like a quote, please.',
  ...over,
});

export async function createForm(t: TestApp, admin: Caller, input: FormInput) {
  const res = await t.gql(CreateForm, { input }, admin);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.createForm;
}

export const submit = (t: TestApp, formId: number, body: object, headers: Record<string, string> = {}) =>
  t.http.post(`/wp-json/forms/v1/forms/${formId}/submit`).set(headers).send(body);
