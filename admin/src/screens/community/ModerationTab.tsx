// The moderation queue: what was flagged (the text, its author, who flagged it and why), approved or removed. Removing
// asks first and says what it does (hidden from every read; a member is suspended for 30 days).
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { confirmAction } from '../../components/confirm.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn, useListState } from '../../components/useListState.ts';
import {
  CommunityModerationQueueDocument,
  CommunityResolveModerationDocument,
  type CommunityModerationQueueQuery,
  type MemberModerationStatus,
} from '../../gql/graphql.ts';

type Item = CommunityModerationQueueQuery['memberModerationQueue']['items'][number];
const context = refreshOn('MemberModerationItem');

const STATUS_COLOR: Record<string, string> = {
  pending: 'yellow',
  approved: 'green',
  removed: 'red',
  published: 'green',
  hidden: 'red',
};
const REASON: Record<string, string> = {
  spam: 'Spam',
  inappropriate: 'Inappropriate',
  off_topic: 'Off topic',
  harassment: 'Harassment',
  other: 'Other',
};

/** "the reply #12", "member #7": what the buttons and the question name. */
const what = (i: Item) => `${i.targetType} #${i.targetId}`;

export function ModerationTab() {
  const list = useListState<{ status: MemberModerationStatus }>({ status: 'pending' });
  // Flags keep coming in while the page is open: each view of the queue asks the server again.
  const [result] = useQuery({
    query: CommunityModerationQueueDocument,
    variables: list.variables,
    context,
    requestPolicy: 'cache-and-network',
  });
  const resolve = useAction(CommunityResolveModerationDocument);

  async function approve(i: Item) {
    await resolve.run({ id: i.id, action: 'approve' }, { success: `The ${what(i)} stays published.` });
  }

  async function remove(i: Item) {
    const ok = await confirmAction({
      title: `Remove the ${what(i)}?`,
      message:
        i.targetType === 'member'
          ? `Member #${i.targetId} will be suspended from posting, reacting and messaging for 30 days.`
          : `The ${what(i)} will be hidden from every read, its author’s included. The flags are closed as removed.`,
      action: `Remove ${i.targetType}`,
    });
    if (ok) await resolve.run({ id: i.id, action: 'remove' }, { success: `The ${what(i)} was removed.` });
  }

  const columns: Column<Item>[] = [
    {
      key: 'target',
      header: 'Flagged',
      width: 170,
      render: (i) => (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {what(i)}
          </Text>
          <Text size="xs" c="dimmed">
            {REASON[i.reason] ?? i.reason} · {i.flagCount} {i.flagCount === 1 ? 'flag' : 'flags'}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(i.createdAt)}
          </Text>
          <Text size="xs" c="dimmed" data-testid="flagged-by">
            {i.flags.length ? `Flagged by ${i.flags.map((f) => f.name).join(', ')}` : 'Held automatically'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'content',
      header: 'Content',
      render: (i) => (
        <Stack gap={4}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={6} data-testid="flagged-text">
            {i.content ?? `The member #${i.targetId} themselves`}
          </Text>
          <Text size="xs" c="dimmed">
            by member #{i.authorId ?? '—'}
            {i.contentStatus && (
              <>
                {' · '}
                <Badge size="xs" variant="light" color={STATUS_COLOR[i.contentStatus]}>
                  {i.contentStatus}
                </Badge>
              </>
            )}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Review',
      width: 120,
      render: (i) => (
        <Stack gap={2}>
          <Badge color={STATUS_COLOR[i.status]}>{i.status}</Badge>
          {i.resolvedAt && (
            <Text size="xs" c="dimmed">
              {formatDateTime(i.resolvedAt)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      width: 190,
      render: (i) =>
        i.status === 'pending' && (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => void approve(i)} aria-label={`Approve ${what(i)}`}>
              Approve
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => void remove(i)}
              aria-label={`Remove ${what(i)}`}
            >
              Remove
            </Button>
          </Group>
        ),
    },
  ];

  const queue = result.data?.memberModerationQueue;
  return (
    <>
      <ScreenHeader
        title="Moderation"
        description="What members flagged, oldest first. Three flags hide a topic or reply until it is reviewed: approve publishes it again, remove hides it for good."
      />
      <Group mb="sm">
        <Select
          aria-label="Review status"
          allowDeselect={false}
          data={[
            { value: 'pending', label: 'To review' },
            { value: 'approved', label: 'Approved' },
            { value: 'removed', label: 'Removed' },
          ]}
          value={list.filters.status}
          onChange={(v) => v && list.setFilters({ status: v as MemberModerationStatus })}
        />
      </Group>
      <DataTable
        caption="Moderation queue"
        columns={columns}
        rows={queue?.items}
        rowKey={(i) => i.id}
        fetching={result.fetching}
        error={result.error}
        empty={list.filters.status === 'pending' ? 'Nothing to review.' : 'Nothing here.'}
        paging={{
          page: list.page,
          totalPages: queue?.totalPages ?? 0,
          total: queue?.total ?? 0,
          onPage: list.setPage,
          noun: 'items',
        }}
      />
    </>
  );
}
