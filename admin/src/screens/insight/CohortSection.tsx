// Cohort retention as a heat map: a row per month of first memberships, a column per month since, each cell the
// share of the cohort still holding a membership at that month's end (now, for this month) and how many that is.
import { Box, Group, SegmentedControl, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { Panel } from '../../components/Panel.tsx';
import { InsightCohortsDocument } from '../../gql/graphql.ts';
import { heatColour } from './heat.ts';

const SPANS = ['6', '12', '24'];

export function CohortSection() {
  const [since, setSince] = useState('12');
  const [result] = useQuery({ query: InsightCohortsDocument, variables: { since: Number(since) } });
  return (
    <Panel
      title="Cohort retention"
      result={result}
      testId="insight-cohorts"
      actions={
        <SegmentedControl
          size="xs"
          aria-label="Months of cohorts"
          data={SPANS.map((s) => ({ value: s, label: `${s} months` }))}
          value={since}
          onChange={setSince}
        />
      }
    >
      {({ memberCohortReport: { cohorts } }) => {
        const width = Math.max(0, ...cohorts.map((c) => c.retained.length));
        if (!cohorts.length)
          return (
            <Text c="dimmed" size="sm">
              No member joined in these months.
            </Text>
          );
        return (
          <>
            <Text size="sm" c="dimmed">
              Members by the month of their first membership, and the share of them holding a membership at the end of
              each month since (month 0: the month they joined; the last: now).
            </Text>
            <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Cohort retention table">
              <Table
                withColumnBorders
                verticalSpacing={4}
                horizontalSpacing={8}
                fz="xs"
                w="auto"
                data-testid="cohort-table"
              >
                <caption>
                  <VisuallyHidden>
                    Cohort retention: members still holding a membership, by months since they joined
                  </VisuallyHidden>
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Cohort</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Members
                    </Table.Th>
                    {Array.from({ length: width }, (_, k) => (
                      <Table.Th key={k} scope="col" ta="center">
                        <VisuallyHidden>Month </VisuallyHidden>
                        {k}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {cohorts.map((c) => (
                    <Table.Tr key={c.cohort} data-testid={`cohort-${c.cohort}`}>
                      <Table.Th scope="row">{c.cohort}</Table.Th>
                      <Table.Td ta="right">{c.size}</Table.Td>
                      {Array.from({ length: width }, (_, k) => {
                        const n = c.retained[k];
                        if (n === undefined) return <Table.Td key={k} />;
                        const share = c.size ? n / c.size : 0;
                        return (
                          <Table.Td key={k} ta="center" miw={56} style={heatColour(share)} title={`${n} of ${c.size}`}>
                            {Math.round(share * 100)} %
                            <br />
                            <span>{n}</span>
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
            <Group gap={4} aria-hidden>
              <Text size="xs" c="dimmed">
                0 %
              </Text>
              {[0, 0.25, 0.5, 0.75, 1].map((s) => (
                <Box
                  key={s}
                  w={28}
                  h={12}
                  style={{ background: heatColour(s).background, border: '1px solid var(--mantine-color-gray-3)' }}
                />
              ))}
              <Text size="xs" c="dimmed">
                100 %
              </Text>
            </Group>
          </>
        );
      }}
    </Panel>
  );
}
