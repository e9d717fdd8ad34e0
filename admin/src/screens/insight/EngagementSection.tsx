// Engagement: active members and what they did, day by day (UTC), with each day's figures and the totals beside.
import { LineChart } from '@mantine/charts';
import { Grid, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { Panel } from '../../components/Panel.tsx';
import { InsightEngagementDocument } from '../../gql/graphql.ts';
import { FiguresTable } from './FiguresTable.tsx';

const SERIES = [
  { key: 'activeMembers', name: 'Active members', color: 'indigo.6' },
  { key: 'topics', name: 'Topics', color: 'teal.6' },
  { key: 'replies', name: 'Replies', color: 'orange.6' },
  { key: 'messages', name: 'Messages', color: 'grape.6' },
  { key: 'lessonsCompleted', name: 'Lessons completed', color: 'cyan.7' },
] as const;

export function EngagementSection() {
  const [days, setDays] = useState('30');
  const [result] = useQuery({ query: InsightEngagementDocument, variables: { days: Number(days) } });
  return (
    <Panel
      title="Engagement"
      result={result}
      testId="insight-engagement"
      actions={
        <SegmentedControl
          size="xs"
          aria-label="Days shown"
          data={['7', '30', '90'].map((d) => ({ value: d, label: `${d} days` }))}
          value={days}
          onChange={setDays}
        />
      }
    >
      {({ memberEngagementReport: report }) => {
        const total = (key: (typeof SERIES)[number]['key']) => report.reduce((n, d) => n + d[key], 0);
        return (
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <LineChart
                h={300}
                data={report.map((d) =>
                  Object.fromEntries([['date', d.date.slice(5)], ...SERIES.map((s) => [s.name, d[s.key]])]),
                )}
                dataKey="date"
                series={SERIES.map((s) => ({ name: s.name, color: s.color }))}
                withLegend
                curveType="linear"
                withDots={false}
                yAxisProps={{ allowDecimals: false }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <FiguresTable
                caption="Engagement by day"
                headers={['Day', 'Active', 'Topics', 'Replies', 'DMs', 'Lessons']}
                rows={[...report].reverse().map((d) => [d.date, ...SERIES.map((s) => d[s.key])])}
                footer={['Total', '—', ...SERIES.slice(1).map((s) => total(s.key))]}
                maxHeight={300}
                testId="engagement-days"
              />
            </Grid.Col>
          </Grid>
        );
      }}
    </Panel>
  );
}
