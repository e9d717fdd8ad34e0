// The numbers beside a chart: a compact table with a caption for screen readers, scrolling inside its box (and
// focusable, so a keyboard can scroll it) when it is longer than the chart.
import { Box, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  caption: string;
  headers: readonly ReactNode[];
  rows: readonly (readonly ReactNode[])[];
  footer?: readonly ReactNode[];
  /** Scroll past this height (px). */
  maxHeight?: number;
  testId?: string;
}

export function FiguresTable({ caption, headers, rows, footer, maxHeight, testId }: Props) {
  const table = (
    <Table striped verticalSpacing={4} fz="sm" stickyHeader={!!maxHeight} data-testid={testId}>
      <caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          {headers.map((h, i) => (
            <Table.Th key={i} scope="col" ta={i ? 'right' : undefined}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, r) => (
          <Table.Tr key={r}>
            {row.map((cell, i) =>
              i ? (
                <Table.Td key={i} ta="right">
                  {cell}
                </Table.Td>
              ) : (
                <Table.Th key={i} scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {footer && (
        <Table.Tfoot>
          <Table.Tr>
            {footer.map((cell, i) => (
              <Table.Th key={i} scope={i ? undefined : 'row'} ta={i ? 'right' : undefined}>
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
  if (!maxHeight) return table;
  return (
    <Box mah={maxHeight} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
      {table}
    </Box>
  );
}
