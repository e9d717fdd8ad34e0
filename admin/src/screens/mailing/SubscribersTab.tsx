// Subscribers: search by address or name, filter by status, list and tag (a list's or tag's count links here with
// the filter set), add, edit (address, name, status, lists, tags) and delete for good after asking.
import { Badge, Button, Group, Modal, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { useSearch } from 'wouter';
import { confirmAction } from '../../components/confirm.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatDate } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn, useListState } from '../../components/useListState.ts';
import {
  MailingDeleteSubscriberDocument,
  MailingSubscribersDocument,
  type MailerSubscriberStatus,
  type MailingSubscriberFieldsFragment,
} from '../../gql/graphql.ts';
import { SubscriberForm } from './SubscriberForm.tsx';
import { useAudienceOptions } from './useAudienceOptions.ts';

type Subscriber = MailingSubscriberFieldsFragment;
const context = refreshOn('MailerSubscriber');

export const SUBSCRIBER_STATUSES: { value: MailerSubscriberStatus; label: string; color: string }[] = [
  { value: 'subscribed', label: 'Subscribed (mailed)', color: 'green' },
  { value: 'unconfirmed', label: 'Unconfirmed (awaiting consent)', color: 'blue' },
  { value: 'unsubscribed', label: 'Unsubscribed', color: 'gray' },
  { value: 'bounced', label: 'Bounced', color: 'red' },
];
const statusColor = (s: string) => SUBSCRIBER_STATUSES.find((x) => x.value === s)?.color;

const numberParam = (search: string, name: string) => {
  const v = Number(new URLSearchParams(search).get(name));
  return Number.isInteger(v) && v > 0 ? v : undefined;
};

export function SubscribersTab() {
  const query = useSearch();
  const list = useListState<{
    status: MailerSubscriberStatus | undefined;
    listId: number | undefined;
    tagId: number | undefined;
  }>({
    status: undefined,
    listId: numberParam(query, 'list'),
    tagId: numberParam(query, 'tag'),
  });
  const [result] = useQuery({ query: MailingSubscribersDocument, variables: list.variables, context });
  const audience = useAudienceOptions();
  const [editing, setEditing] = useState<Subscriber | 'new' | null>(null);
  const remove = useAction(MailingDeleteSubscriberDocument);

  async function del(s: Subscriber) {
    const ok = await confirmAction({
      title: `Delete ${s.email}?`,
      message: `${s.email} is deleted for good, with their lists and tags. To stop mailing them but keep the record, set the status to unsubscribed instead.`,
      action: 'Delete subscriber',
    });
    if (ok) await remove.run({ id: s.id }, { success: `${s.email} deleted.` });
  }

  const columns: Column<Subscriber>[] = [
    {
      key: 'email',
      header: 'Subscriber',
      render: (s) => (
        <>
          <Text fw={600} size="sm">
            {s.email}
          </Text>
          <Text size="xs" c="dimmed">
            {s.firstName || '—'} · {s.source}
          </Text>
        </>
      ),
    },
    { key: 'status', header: 'Status', render: (s) => <Badge color={statusColor(s.status)}>{s.status}</Badge> },
    { key: 'lists', header: 'Lists', render: (s) => s.lists.map((l) => l.name).join(', ') || '—' },
    {
      key: 'tags',
      header: 'Tags',
      render: (s) => (
        <Group gap={4}>
          {s.tags.map((t) => (
            <Badge key={t.id} variant="light">
              {t.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'added', header: 'Added', render: (s) => formatDate(s.createdAt) },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (s) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(s)} aria-label={`Edit ${s.email}`}>
            Edit
          </Button>
          <Button size="xs" variant="default" color="red" onClick={() => void del(s)} aria-label={`Delete ${s.email}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader
        title="Subscribers"
        description="People on the mailing list. Only subscribed people receive campaigns."
        actions={<Button onClick={() => setEditing('new')}>Add subscriber</Button>}
      />
      <Group mb="sm">
        <TextInput
          aria-label="Search subscribers"
          placeholder="Address or first name"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          w={240}
        />
        <Select
          aria-label="Subscriber status"
          placeholder="Any status"
          clearable
          data={SUBSCRIBER_STATUSES.map(({ value, label }) => ({ value, label }))}
          value={list.filters.status ?? null}
          onChange={(v) => list.setFilters({ status: (v as MailerSubscriberStatus | null) ?? undefined })}
        />
        <Select
          aria-label="List"
          placeholder="Any list"
          clearable
          data={audience.lists}
          value={list.filters.listId ? String(list.filters.listId) : null}
          onChange={(v) => list.setFilters({ listId: v ? Number(v) : undefined })}
        />
        <Select
          aria-label="Tag"
          placeholder="Any tag"
          clearable
          data={audience.tags}
          value={list.filters.tagId ? String(list.filters.tagId) : null}
          onChange={(v) => list.setFilters({ tagId: v ? Number(v) : undefined })}
        />
      </Group>
      <DataTable
        caption="Subscribers"
        columns={columns}
        rows={result.data?.mailerSubscribers.items}
        rowKey={(s) => s.id}
        fetching={result.fetching}
        error={result.error}
        empty="No subscriber matches."
        paging={{
          page: list.page,
          totalPages: result.data?.mailerSubscribers.totalPages ?? 0,
          total: result.data?.mailerSubscribers.total ?? 0,
          onPage: list.setPage,
          noun: 'subscribers',
        }}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add a subscriber' : `Edit ${editing?.email ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <SubscriberForm subscriber={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}
