// Mailing lists: members and how many of them are mailed; create, rename, delete (members stay, with their other lists).
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { confirmAction } from '../../components/confirm.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatDate } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn, useListState } from '../../components/useListState.ts';
import {
  MailingCreateListDocument,
  MailingDeleteListDocument,
  MailingListsDocument,
  MailingUpdateListDocument,
  type MailingListFieldsFragment,
} from '../../gql/graphql.ts';

type List = MailingListFieldsFragment;
const context = refreshOn('MailerList');

export function ListsTab() {
  const list = useListState({});
  const [result] = useQuery({ query: MailingListsDocument, variables: list.variables, context });
  const [editing, setEditing] = useState<List | 'new' | null>(null);
  const remove = useAction(MailingDeleteListDocument);

  async function del(l: List) {
    const ok = await confirmAction({
      title: `Delete ${l.name}?`,
      message: `The list ${l.name} is deleted. Its ${l.subscriberCount} member(s) stay subscribers, with their other lists; campaigns that named it no longer reach them through it.`,
      action: 'Delete list',
    });
    if (ok) await remove.run({ id: l.id }, { success: `${l.name} deleted.` });
  }

  const columns: Column<List>[] = [
    {
      key: 'name',
      header: 'List',
      render: (l) => (
        <>
          <Text fw={600} size="sm">
            {l.name}
          </Text>
          {l.description && (
            <Text size="xs" c="dimmed">
              {l.description}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'members',
      header: 'Members',
      render: (l) => (
        <Link href={`/subscribers?list=${l.id}`} aria-label={`${l.subscriberCount} members of ${l.name}`}>
          {l.subscriberCount}
        </Link>
      ),
    },
    { key: 'mailed', header: 'Mailed (subscribed)', render: (l) => l.subscribedCount },
    { key: 'created', header: 'Created', render: (l) => formatDate(l.createdAt) },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (l) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(l)} aria-label={`Edit ${l.name}`}>
            Edit
          </Button>
          <Button size="xs" variant="default" color="red" onClick={() => void del(l)} aria-label={`Delete ${l.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader
        title="Lists"
        description="Lists subscribers join; a campaign mails the subscribed members of the lists it names."
        actions={<Button onClick={() => setEditing('new')}>New list</Button>}
      />
      <DataTable
        caption="Mailing lists"
        columns={columns}
        rows={result.data?.mailerLists.items}
        rowKey={(l) => l.id}
        fetching={result.fetching}
        error={result.error}
        empty="No list yet: create the first one."
        paging={{
          page: list.page,
          totalPages: result.data?.mailerLists.totalPages ?? 0,
          total: result.data?.mailerLists.total ?? 0,
          onPage: list.setPage,
          noun: 'lists',
        }}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New list' : `Edit ${editing?.name ?? ''}`}
      >
        {editing !== null && (
          <ListForm list={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}

function ListForm({ list, onDone }: { list?: List; onDone: () => void }) {
  const create = useAction(MailingCreateListDocument);
  const update = useAction(MailingUpdateListDocument);
  const action = list ? update : create;
  const form = useForm({ initialValues: { name: list?.name ?? '', description: list?.description ?? '' } });
  const submit = form.onSubmit(async (input) => {
    const done = list
      ? await update.run({ id: list.id, input }, { form, success: `${input.name} saved.` })
      : await create.run({ input }, { form, success: `${input.name} created.` });
    if (done.ok) onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={action.formError} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Textarea
          label="Description"
          description="For administrators only."
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={action.fetching}>
            {list ? 'Save list' : 'Create list'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
