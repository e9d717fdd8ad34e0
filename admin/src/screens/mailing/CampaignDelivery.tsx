// A started campaign's delivery (handled over the audience frozen when sending started) and its tracking figures.
import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, formatPercent } from '../../components/format.ts';
import { Panel } from '../../components/Panel.tsx';
import type { MailingCampaignFieldsFragment } from '../../gql/graphql.ts';
import { progressPercent } from './campaignStatus.ts';

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: number | string;
  detail?: string;
  testId?: string;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={testId}>
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

export function CampaignDelivery({ campaign: c }: { campaign: MailingCampaignFieldsFragment }) {
  const s = c.stats;
  const percent = progressPercent(s);
  const phase =
    c.status === 'scheduled'
      ? `Starts ${formatDateTime(c.sendAt)}.`
      : c.status === 'sent'
        ? `Finished ${formatDateTime(c.finishedAt)}.`
        : c.status === 'cancelled'
          ? 'Cancelled: unsent recipients were dropped.'
          : `${c.status === 'paused' ? 'Paused' : 'Sending'} since ${formatDateTime(c.startedAt)}.`;
  return (
    <Panel title="Delivery" result={{ data: c, fetching: false }} testId="delivery">
      {() => (
        <Stack>
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm">{phase}</Text>
              <Text size="sm" fw={600} aria-live="polite" data-testid="delivery-progress">
                {s.recipients - s.queued} of {s.recipients} handled
              </Text>
            </Group>
            <Progress
              value={percent}
              size="lg"
              color={c.status === 'sent' ? 'green' : 'orange'}
              striped={c.status === 'sending'}
              animated={c.status === 'sending'}
              aria-label={`Delivery: ${percent} %`}
            />
          </Stack>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Figure label="Recipients" value={s.recipients} />
            <Figure label="Sent" value={s.sent} testId="delivery-sent" />
            <Figure label="Failed" value={s.failed} testId="delivery-failed" />
            <Figure label="Queued" value={s.queued} />
            <Figure
              label="Waiting to retry"
              value={s.deferred}
              detail="Of the queued: refused for now by the server, tried again later"
              testId="delivery-deferred"
            />
            <Figure label="Opened" value={s.uniqueOpens} detail={`${formatPercent(s.openRate)} · ${s.opens} opens`} />
            <Figure
              label="Clicked"
              value={s.uniqueClicks}
              detail={`${formatPercent(s.clickRate)} · ${s.clicks} clicks`}
            />
            <Figure label="Unsubscribed" value={s.unsubscribes} />
          </SimpleGrid>
        </Stack>
      )}
    </Panel>
  );
}
