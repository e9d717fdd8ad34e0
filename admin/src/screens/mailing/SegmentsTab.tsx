// Segments: saved rules over subscribers with their live counts (evaluated when asked); create, edit (the count
// follows the rules as they are edited), delete.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { confirmAction } from '../../components/confirm.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn, useListState } from '../../components/useListState.ts';
import {
  MailingDeleteSegmentDocument,
  MailingSegmentsDocument,
  type MailingSegmentFieldsFragment,
} from '../../gql/graphql.ts';
import { SegmentForm } from './SegmentForm.tsx';

type Segment = MailingSegmentFieldsFragment;
// Segment counts depend on subscribers too: a change to one refreshes them.
const context = refreshOn('MailerSegment', 'MailerSubscriber');

export function SegmentsTab() {
  const list = useListState({});
  const [result] = useQuery({ query: MailingSegmentsDocument, variables: list.variables, context });
  const [editing, setEditing] = useState<Segment | 'new' | null>(null);
  const remove = useAction(MailingDeleteSegmentDocument);

  async function del(s: Segment) {
    const ok = await confirmAction({
      title: `Delete ${s.name}?`,
      message: `The segment ${s.name} is deleted; its ${s.subscriberCount} subscriber(s) are not touched. Campaigns that named it no longer reach them through it.`,
      action: 'Delete segment',
    });
    if (ok) await remove.run({ id: s.id }, { success: `${s.name} deleted.` });
  }

  const columns: Column<Segment>[] = [
    {
      key: 'name',
      header: 'Segment',
      render: (s) => (
        <>
          <Text fw={600} size="sm">
            {s.name}
          </Text>
          <Text size="xs" c="dimmed">
            {(s.rules as unknown[]).length} rule(s), {s.match === 'all' ? 'all must hold' : 'any one holds'}
          </Text>
        </>
      ),
    },
    { key: 'count', header: 'Subscribers now', render: (s) => s.subscriberCount },
    { key: 'mailed', header: 'Would be mailed', render: (s) => s.subscribedCount },
    { key: 'updated', header: 'Changed', render: (s) => formatDateTime(s.updatedAt) },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (s) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
            Edit
          </Button>
          <Button size="xs" variant="default" color="red" onClick={() => void del(s)} aria-label={`Delete ${s.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader
        title="Segments"
        description="Rules over lists, tags, status and sign-up date, counted live whenever they are used."
        actions={<Button onClick={() => setEditing('new')}>New segment</Button>}
      />
      <DataTable
        caption="Segments"
        columns={columns}
        rows={result.data?.mailerSegments.items}
        rowKey={(s) => s.id}
        fetching={result.fetching}
        error={result.error}
        empty="No segment yet."
        paging={{
          page: list.page,
          totalPages: result.data?.mailerSegments.totalPages ?? 0,
          total: result.data?.mailerSegments.total ?? 0,
          onPage: list.setPage,
          noun: 'segments',
        }}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New segment' : `Edit ${editing?.name ?? ''}`}
        size="xl"
      >
        {editing !== null && (
          <SegmentForm segment={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}
