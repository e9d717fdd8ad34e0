import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { Panel } from '../../components/Panel.tsx';
import { formatDateTime, formatPercent } from '../../components/format.ts';
import { DashboardCampaignDocument } from '../../gql/graphql.ts';

function Figure({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

export function CampaignCard() {
  const [result] = useQuery({ query: DashboardCampaignDocument });
  return (
    <Panel title="Last campaign" result={result} testId="card-campaign">
      {({ mailerCampaigns }) => {
        const c = mailerCampaigns.items[0];
        if (!c)
          return (
            <Text size="sm" c="dimmed">
              No campaign has been sent yet.
            </Text>
          );
        return (
          <Stack gap="xs">
            <Text fw={600}>
              {c.name}{' '}
              <Text span size="sm" c="dimmed">
                · {c.subject} · finished {formatDateTime(c.finishedAt)}
              </Text>
            </Text>
            <Group gap="xl">
              <Figure label="Sent" value={c.stats.sent} detail={`of ${c.stats.recipients}`} />
              <Figure label="Opens" value={c.stats.uniqueOpens} detail={formatPercent(c.stats.openRate)} />
              <Figure label="Clicks" value={c.stats.uniqueClicks} detail={formatPercent(c.stats.clickRate)} />
            </Group>
          </Stack>
        );
      }}
    </Panel>
  );
}
