// A titled box on a screen (a dashboard card, a section of a member's page) showing one query's answer: a loader
// while it comes, the server's message if it fails, the content once it is there.
import { Group, Loader, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UseQueryState } from 'urql';
import { ErrorAlert } from './ErrorAlert.tsx';

interface Props<D> {
  title: string;
  result: Pick<UseQueryState<D>, 'data' | 'error' | 'fetching'>;
  actions?: ReactNode;
  /** What to show instead of the error for an expected refusal (e.g. "no scan yet"), by error code. */
  onErrorCode?: Record<string, ReactNode>;
  children: (data: D) => ReactNode;
  testId?: string;
}

export function Panel<D>({ title, result, actions, onErrorCode, children, testId }: Props<D>) {
  const code = result.error?.graphQLErrors[0]?.extensions?.code;
  const known = typeof code === 'string' ? onErrorCode?.[code] : undefined;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {actions}
        </Group>
        {known ?? <ErrorAlert error={result.error} />}
        {result.data ? children(result.data) : !result.error && <Loader size="sm" aria-label={`Loading ${title}`} />}
      </Stack>
    </Paper>
  );
}
