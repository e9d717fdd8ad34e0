// Active members, MRR with its 12-month curve, and this month's new members (the current month's cohort).
import { AreaChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Grid, Stack, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { Panel } from '../../components/Panel.tsx';
import { formatMoney } from '../../components/format.ts';
import { DashboardMembersDocument } from '../../gql/graphql.ts';

function Stat({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export function MembersCard() {
  const [result] = useQuery({ query: DashboardMembersDocument });
  return (
    <Panel title="Members and revenue" result={result} testId="card-members">
      {({ memberMrrReport: mrr, memberCohortReport: cohorts }) => {
        // The series ends with the server's current month (its clock, not the browser's).
        const thisMonth = mrr.series.at(-1)?.month;
        const newMembers = cohorts.cohorts.find((c) => c.cohort === thisMonth)?.size ?? 0;
        const series = mrr.series.map((m) => ({ month: m.month, MRR: m.mrr }));
        return (
          <Grid>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Stack>
                <Stat label="Active members" value={mrr.activeMembers} testId="active-members" />
                <Stat label="MRR" value={formatMoney(mrr.mrr, mrr.currency)} testId="mrr" />
                <Stat label="New this month" value={newMembers} testId="new-members" />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <AreaChart
                h={200}
                data={series}
                dataKey="month"
                series={[{ name: 'MRR', color: 'indigo.6' }]}
                valueFormatter={(v) => formatMoney(v, mrr.currency)}
                curveType="monotone"
                withDots={false}
              />
              <Text size="xs" c="dimmed">
                MRR by month, last 12 months:{' '}
                {mrr.series.map((m) => `${m.month} ${formatMoney(m.mrr, mrr.currency)}`).join(', ') || 'no history yet'}
              </Text>
            </Grid.Col>
          </Grid>
        );
      }}
    </Panel>
  );
}
