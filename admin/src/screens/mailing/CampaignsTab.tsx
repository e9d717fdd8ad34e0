// Campaigns: newest first, searchable by name or subject, filtered by status; each row shows its delivery progress
// and its opens and clicks. A new campaign opens the composer.
import { Anchor, Badge, Button, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useQuery } from 'urql';
import { Link, useLocation } from 'wouter';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatDateTime, formatPercent } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { refreshOn, useListState } from '../../components/useListState.ts';
import { MailingCampaignsDocument, type MailerCampaignStatus, type MailingCampaignsQuery } from '../../gql/graphql.ts';
import { CAMPAIGN_STATUSES, campaignColor, progressPercent } from './campaignStatus.ts';
import { WaitingToRetry } from './WaitingToRetry.tsx';

type Row = MailingCampaignsQuery['mailerCampaigns']['items'][number];
const context = refreshOn('MailerCampaign');

const when = (c: Row) =>
  c.status === 'sent'
    ? `Finished ${formatDateTime(c.finishedAt)}`
    : c.status === 'scheduled'
      ? `Starts ${formatDateTime(c.sendAt)}`
      : c.startedAt
        ? `Started ${formatDateTime(c.startedAt)}`
        : `Created ${formatDateTime(c.createdAt)}`;

const columns: Column<Row>[] = [
  {
    key: 'name',
    header: 'Campaign',
    render: (c) => (
      <>
        <Anchor component={Link} href={`/campaigns/${c.id}`} fw={600} size="sm">
          {c.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {c.subject || 'No subject yet'}
        </Text>
      </>
    ),
  },
  { key: 'status', header: 'Status', render: (c) => <Badge color={campaignColor(c.status)}>{c.status}</Badge> },
  {
    key: 'delivery',
    header: 'Delivery',
    render: (c) =>
      c.stats.recipients ? (
        <Stack gap={2} miw={140}>
          <Progress value={progressPercent(c.stats)} size="sm" aria-label={`${c.name}: delivery`} />
          <Text size="xs" c="dimmed">
            {c.stats.sent} sent{c.stats.failed ? `, ${c.stats.failed} failed` : ''} of {c.stats.recipients}
          </Text>
          <WaitingToRetry deferred={c.stats.deferred} />
        </Stack>
      ) : (
        '—'
      ),
  },
  {
    key: 'opens',
    header: 'Opens',
    render: (c) => (c.stats.sent ? `${c.stats.uniqueOpens} · ${formatPercent(c.stats.openRate)}` : '—'),
  },
  {
    key: 'clicks',
    header: 'Clicks',
    render: (c) => (c.stats.sent ? `${c.stats.uniqueClicks} · ${formatPercent(c.stats.clickRate)}` : '—'),
  },
  { key: 'when', header: 'When', render: (c) => <Text size="sm">{when(c)}</Text> },
];

export function CampaignsTab() {
  const list = useListState<{ status: MailerCampaignStatus | undefined }>({ status: undefined });
  const [result, refetch] = useQuery({ query: MailingCampaignsDocument, variables: list.variables, context });
  const [, navigate] = useLocation();
  // While one of the page's campaigns is sending, its progress is asked again every second or so.
  const sending = result.data?.mailerCampaigns.items.some((c) => c.status === 'sending');
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), 1500);
    return () => clearInterval(timer);
  }, [sending, refetch]);

  return (
    <>
      <ScreenHeader
        title="Campaigns"
        description="E-mails sent once to lists, tags or segments, with their delivery and opens and clicks."
        actions={<Button onClick={() => navigate('/campaigns/new')}>New campaign</Button>}
      />
      <Group mb="sm">
        <TextInput
          aria-label="Search campaigns"
          placeholder="Name or subject"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          w={240}
        />
        <Select
          aria-label="Campaign status"
          placeholder="Any status"
          clearable
          data={CAMPAIGN_STATUSES.map(({ value, label }) => ({ value, label }))}
          value={list.filters.status ?? null}
          onChange={(v) => list.setFilters({ status: (v as MailerCampaignStatus | null) ?? undefined })}
        />
      </Group>
      <DataTable
        caption="Campaigns"
        columns={columns}
        rows={result.data?.mailerCampaigns.items}
        rowKey={(c) => c.id}
        fetching={result.fetching && !sending}
        error={result.error}
        empty="No campaign yet: write the first one."
        paging={{
          page: list.page,
          totalPages: result.data?.mailerCampaigns.totalPages ?? 0,
          total: result.data?.mailerCampaigns.total ?? 0,
          onPage: list.setPage,
          noun: 'campaigns',
        }}
      />
    </>
  );
}
