// Running a mutation from a button or a form, with the feedback the console always gives: the server's message when
// it refuses (a notification, or beside the fields it names when a form is given), a short confirmation when it
// succeeds. Screens never read errors themselves.
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useState } from 'react';
import { useMutation, type AnyVariables } from 'urql';
import { readServerError, type ServerError } from '../graphql/errors.ts';

export type ActionResult<D> = { ok: true; data: D } | { ok: false; error: ServerError };

interface Feedback {
  /** Shown when the call succeeds. */
  success?: string;
  /** Field errors go beside this form's fields; what names no field of it is the form's own error. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form?: UseFormReturnType<any>;
}

export function useAction<D, V extends AnyVariables>(document: TypedDocumentNode<D, V>) {
  const [state, execute] = useMutation<D, V>(document);
  const [formError, setFormError] = useState<string | null>(null);

  async function run(variables: V, feedback: Feedback = {}): Promise<ActionResult<D>> {
    setFormError(null);
    const result = await execute(variables);
    if (result.error || !result.data) {
      const error = result.error
        ? readServerError(result.error)
        : { code: null, message: 'No answer from the server.', fields: {} };
      const { form } = feedback;
      if (form) {
        const placed = Object.fromEntries(
          Object.entries(error.fields).filter(([name]) => name.split('.')[0]! in form.values),
        );
        form.setErrors(placed);
        if (Object.keys(placed).length < Object.keys(error.fields).length || !Object.keys(placed).length)
          setFormError(error.message);
      } else {
        notifications.show({ color: 'red', title: 'Not done', message: error.message });
      }
      return { ok: false, error };
    }
    if (feedback.success) notifications.show({ color: 'green', message: feedback.success });
    return { ok: true, data: result.data };
  }

  return { run, fetching: state.fetching, formError };
}
