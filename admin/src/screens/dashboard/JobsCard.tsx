import { Code, List, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { Panel } from '../../components/Panel.tsx';
import { formatDateTime } from '../../components/format.ts';
import { DashboardJobsDocument } from '../../gql/graphql.ts';

/** Scheduled jobs whose latest run failed, with the error it left. */
export function JobsCard() {
  const [result] = useQuery({ query: DashboardJobsDocument });
  return (
    <Panel title="Failed jobs" result={result} testId="card-jobs">
      {({ jobs }) => {
        const failed = jobs.filter((j) => j.lastRun?.status === 'failed');
        if (!failed.length) return <Text size="sm">No job's last run failed ({jobs.length} jobs scheduled).</Text>;
        return (
          <List spacing="xs" size="sm">
            {failed.map((j) => (
              <List.Item key={j.hook}>
                <Code>{j.hook}</Code> failed {formatDateTime(j.lastRun?.finishedAt)}: {j.lastRun?.error}
              </List.Item>
            ))}
          </List>
        );
      }}
    </Panel>
  );
}
