import { Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { Panel } from '../../components/Panel.tsx';
import { formatDateTime } from '../../components/format.ts';
import { useAction } from '../../components/useAction.ts';
import { DashboardHealthDocument, DashboardRunScanDocument } from '../../gql/graphql.ts';

const GRADE_COLOR: Record<string, string> = { A: 'green', B: 'teal', C: 'yellow', D: 'orange', F: 'red' };

export function HealthCard() {
  const [result, refetch] = useQuery({ query: DashboardHealthDocument });
  const scan = useAction(DashboardRunScanDocument);
  const runScan = async () => {
    const done = await scan.run({}, { success: 'Site health scanned.' });
    if (done.ok) refetch({ requestPolicy: 'network-only' });
  };
  const scanButton = (
    <Button size="xs" variant="light" onClick={() => void runScan()} loading={scan.fetching}>
      Scan now
    </Button>
  );
  return (
    <Panel
      title="Site health"
      result={result}
      actions={scanButton}
      testId="card-health"
      onErrorCode={{ intel_no_scan: <Text size="sm">No scan has run yet. Scan the site to get its grade.</Text> }}
    >
      {({ healthScore: h }) => (
        <Group gap="lg">
          <Badge
            size="xl"
            color={GRADE_COLOR[h.grade] ?? 'gray'}
            aria-label={`Grade ${h.grade}`}
            data-testid="health-grade"
          >
            {h.grade}
          </Badge>
          <div>
            <Text fw={600}>{h.score} / 100</Text>
            <Text size="sm" c="dimmed">
              {h.critical} critical · {h.warning} warnings · scanned {formatDateTime(h.scanned)}
            </Text>
          </div>
        </Group>
      )}
    </Panel>
  );
}
