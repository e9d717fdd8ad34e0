// Site health: the latest scan's score and grade (scan again on demand), every check with its status and advice
// (filter by status), and the score over the last scans — a chart with the numbers beside it.
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Badge, Button, Grid, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { formatDateTime } from '../../components/format.ts';
import { Panel } from '../../components/Panel.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn } from '../../components/useListState.ts';
import { SiteHealthDocument, SiteRunScanDocument, type HealthCheckStatus } from '../../gql/graphql.ts';

const context = refreshOn('HealthScan');
const STATUS_COLOR: Record<string, string> = { critical: 'red', warning: 'orange', info: 'blue', ok: 'green' };
const NO_SCAN = { intel_no_scan: <Text size="sm">No scan has run yet: scan now to see the site's health.</Text> };

export function HealthTab() {
  const [status, setStatus] = useState<HealthCheckStatus | null>(null);
  const [result, refetch] = useQuery({
    query: SiteHealthDocument,
    variables: { status: status ?? undefined },
    context,
  });
  const scan = useAction(SiteRunScanDocument);

  async function scanNow() {
    const done = await scan.run({}, { success: 'Scan finished.' });
    if (done.ok) refetch({ requestPolicy: 'network-only' });
  }

  return (
    <>
      <ScreenHeader
        title="Site health"
        description="Checks of the site's configuration, security and modules, each with what to do about it."
        actions={
          <Button onClick={() => void scanNow()} loading={scan.fetching}>
            Scan now
          </Button>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Panel title="Score" result={result} onErrorCode={NO_SCAN} testId="health-score">
            {({ healthScore: s }) => (
              <Stack gap={4}>
                <Group align="baseline" gap="sm">
                  <Text fz={44} fw={800} data-testid="health-grade">
                    {s.grade}
                  </Text>
                  <Text fz={22} fw={600}>
                    {s.score} / 100
                  </Text>
                </Group>
                <Text size="sm">
                  {s.critical} critical, {s.warning} warning(s) · scanned {formatDateTime(s.scanned)}
                </Text>
              </Stack>
            )}
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Panel title="Score over time" result={result} onErrorCode={NO_SCAN}>
            {({ healthSnapshots: { items: healthSnapshots } }) => {
              const series = [...healthSnapshots]
                .reverse()
                .map((s) => ({ scan: s.scanned.slice(0, 16).replace('T', ' '), Score: s.score }));
              return (
                <>
                  <LineChart
                    h={140}
                    data={series}
                    dataKey="scan"
                    series={[{ name: 'Score', color: 'indigo.6' }]}
                    yAxisProps={{ domain: [0, 100] }}
                    curveType="linear"
                  />
                  <Text size="xs" c="dimmed" data-testid="health-history">
                    {series.map((s) => `${s.scan}: ${s.Score}`).join(', ')}
                  </Text>
                </>
              );
            }}
          </Panel>
        </Grid.Col>
      </Grid>
      <Panel
        title="Checks"
        result={result}
        onErrorCode={NO_SCAN}
        testId="health-checks"
        actions={
          <Select
            aria-label="Check status"
            placeholder="Every status"
            clearable
            size="xs"
            data={['critical', 'warning', 'info', 'ok']}
            value={status}
            onChange={(v) => setStatus(v as HealthCheckStatus | null)}
          />
        }
      >
        {({ healthChecks }) => (
          <Table.ScrollContainer minWidth={700}>
            <Table verticalSpacing="sm">
              <caption className="sr-only">Health checks</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Check</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Finding and advice</Table.Th>
                  <Table.Th scope="col">Costs</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {healthChecks.checks.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {c.label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {c.category}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[c.status]}>{c.status}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{c.message}</Text>
                      {c.detail && (
                        <Text size="xs" c="dimmed">
                          {c.detail}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{c.scoreImpact ? `−${c.scoreImpact}` : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Panel>
    </>
  );
}
