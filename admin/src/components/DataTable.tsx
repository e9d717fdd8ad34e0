// A list the server pages: Mantine's table with a caption (read by screen readers), a loading overlay, an empty
// state, and the pager under it ("12 plans · page 1 of 2"). Rows are whatever the screen renders into its columns.
import { Box, Group, LoadingOverlay, Pagination, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CombinedError } from 'urql';
import { ErrorAlert } from './ErrorAlert.tsx';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
}

export interface Paging {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
  /** The items' name for the count, plural ("members"). */
  noun: string;
}

interface Props<T> {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  fetching?: boolean;
  error?: CombinedError;
  empty?: ReactNode;
  paging?: Paging;
}

export function DataTable<T>({ caption, columns, rows, rowKey, fetching, error, empty, paging }: Props<T>) {
  return (
    <Box pos="relative">
      <LoadingOverlay
        visible={!!fetching && !!rows}
        zIndex={10}
        overlayProps={{ blur: 1 }}
        loaderProps={{ 'aria-label': 'Loading' } as object}
      />
      {error && <ErrorAlert error={error} />}
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} scope="col" w={c.width}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {rows && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" size="sm" py="md" ta="center">
                    {empty ?? 'Nothing to show.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!rows && !error && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" size="sm" py="md" ta="center">
                    Loading…
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paging && paging.total > 0 && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {paging.total} {paging.noun} · page {paging.page} of {Math.max(paging.totalPages, 1)}
          </Text>
          {paging.totalPages > 1 && (
            <Pagination
              aria-label={`Pages of ${paging.noun}`}
              total={paging.totalPages}
              value={paging.page}
              onChange={paging.onPage}
              size="sm"
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
            />
          )}
        </Group>
      )}
    </Box>
  );
}
