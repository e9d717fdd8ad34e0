// MRR: now, its curve over the last twelve months with each month's figure beside it, and its split by plan.
import { AreaChart } from '@mantine/charts';
import { Grid, Group, Stack, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { formatMoney, formatPercent } from '../../components/format.ts';
import { Panel } from '../../components/Panel.tsx';
import { InsightMrrDocument } from '../../gql/graphql.ts';
import { FiguresTable } from './FiguresTable.tsx';

export function MrrSection() {
  const [result] = useQuery({ query: InsightMrrDocument });
  return (
    <Panel title="Monthly recurring revenue" result={result} testId="insight-mrr">
      {({ memberMrrReport: r, memberPlans }) => {
        const money = (minor: number) => formatMoney(minor, r.currency);
        const names = new Map(memberPlans.items.map((p) => [p.id, p.name]));
        return (
          <Stack>
            <Group gap="xl">
              <Figure label="MRR now" value={money(r.mrr)} testId="mrr-now" />
              <Figure label="Active members" value={String(r.activeMembers)} testId="mrr-members" />
              {r.otherCurrencies.map((c) => (
                <Figure
                  key={c.currency}
                  label={`MRR in ${c.currency}`}
                  value={formatMoney(c.mrr, c.currency)}
                  testId={`mrr-${c.currency}`}
                />
              ))}
            </Group>
            <Grid>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <AreaChart
                  h={260}
                  data={r.series.map((m) => ({ month: m.month, MRR: m.mrr }))}
                  dataKey="month"
                  series={[{ name: 'MRR', color: 'indigo.6' }]}
                  valueFormatter={money}
                  curveType="monotone"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <FiguresTable
                  caption="MRR by month"
                  headers={['Month', 'MRR']}
                  rows={r.series.map((m) => [m.month, money(m.mrr)])}
                  maxHeight={260}
                  testId="mrr-months"
                />
              </Grid.Col>
            </Grid>
            <FiguresTable
              caption="MRR by plan"
              headers={['Plan', 'Members', 'MRR', 'Share']}
              rows={[...r.byPlan]
                .sort((a, b) => b.mrr - a.mrr)
                .map((p) => [
                  names.get(p.planId) ?? `Plan #${p.planId}`,
                  p.members,
                  money(p.mrr),
                  r.mrr ? formatPercent(p.mrr / r.mrr) : '—',
                ])}
              footer={[
                'All plans',
                r.byPlan.reduce((n, p) => n + p.members, 0),
                money(r.mrr),
                r.mrr ? formatPercent(1) : '—',
              ]}
              testId="mrr-plans"
            />
          </Stack>
        );
      }}
    </Panel>
  );
}

export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
