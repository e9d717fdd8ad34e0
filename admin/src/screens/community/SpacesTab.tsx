// Spaces: where topics live, in the order they were made; create and edit in a dialog.
import { Badge, Button, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatDate } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { refreshOn, useListState } from '../../components/useListState.ts';
import { CommunitySpacesDocument, type SpaceFieldsFragment } from '../../gql/graphql.ts';
import { SpaceForm } from './SpaceForm.tsx';

const context = refreshOn('MemberSpace');

export function SpacesTab() {
  const list = useListState({});
  const [result] = useQuery({ query: CommunitySpacesDocument, variables: list.variables, context });
  const [editing, setEditing] = useState<SpaceFieldsFragment | 'new' | null>(null);

  const columns: Column<SpaceFieldsFragment>[] = [
    {
      key: 'name',
      header: 'Space',
      render: (s) => (
        <>
          <Text fw={600} size="sm">
            {s.name}
          </Text>
          <Text size="xs" c="dimmed">
            {s.slug}
          </Text>
        </>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      render: (s) => (
        <Text size="sm" lineClamp={2}>
          {s.description || '—'}
        </Text>
      ),
    },
    {
      key: 'visibility',
      header: 'Who reads it',
      render: (s) => (
        <Badge color={s.visibility === 'public' ? 'blue' : 'grape'}>
          {s.visibility === 'public' ? 'everyone' : 'members'}
        </Badge>
      ),
    },
    { key: 'topics', header: 'Topics', render: (s) => s.topicCount },
    { key: 'created', header: 'Created', render: (s) => formatDate(s.createdAt) },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (s) => (
        <Button size="xs" variant="default" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
          Edit
        </Button>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader
        title="Spaces"
        description="Where members start topics. Public spaces are read by everyone, members spaces by members with an active membership."
        actions={<Button onClick={() => setEditing('new')}>New space</Button>}
      />
      <DataTable
        caption="Spaces"
        columns={columns}
        rows={result.data?.memberSpaces.items}
        rowKey={(s) => s.id}
        fetching={result.fetching}
        error={result.error}
        empty="No space yet: create the first one."
        paging={{
          page: list.page,
          totalPages: result.data?.memberSpaces.totalPages ?? 0,
          total: result.data?.memberSpaces.total ?? 0,
          onPage: list.setPage,
          noun: 'spaces',
        }}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New space' : `Edit ${editing?.name ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <SpaceForm space={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}
