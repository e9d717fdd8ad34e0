import { Alert } from '@mantine/core';
import type { CombinedError } from 'urql';
import { readServerError, type ServerError } from '../graphql/errors.ts';

/** The server's own message for a refused or failed call, announced to screen readers. */
export function ErrorAlert({
  error,
  title,
}: {
  error: CombinedError | ServerError | string | null | undefined;
  title?: string;
}) {
  if (!error) return null;
  const message =
    typeof error === 'string' ? error : 'graphQLErrors' in error ? readServerError(error).message : error.message;
  return (
    <Alert color="red" role="alert" title={title} mb="sm" data-testid="error">
      {message}
    </Alert>
  );
}
