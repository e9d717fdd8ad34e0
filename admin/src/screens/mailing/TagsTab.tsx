// Tags: labels on subscribers (set here, by inbound events or by form entries); create, rename, delete.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { confirmAction } from '../../components/confirm.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn, useListState } from '../../components/useListState.ts';
import {
  MailingCreateTagDocument,
  MailingDeleteTagDocument,
  MailingTagsDocument,
  MailingUpdateTagDocument,
  type MailingTagFieldsFragment,
} from '../../gql/graphql.ts';

type Tag = MailingTagFieldsFragment;
const context = refreshOn('MailerTag');

export function TagsTab() {
  const list = useListState({});
  const [result] = useQuery({ query: MailingTagsDocument, variables: list.variables, context });
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const remove = useAction(MailingDeleteTagDocument);

  async function del(t: Tag) {
    const ok = await confirmAction({
      title: `Delete ${t.name}?`,
      message: `The tag ${t.name} is deleted and taken off its ${t.subscriberCount} subscriber(s); inbound events naming “${t.slug}” will be refused.`,
      action: 'Delete tag',
    });
    if (ok) await remove.run({ id: t.id }, { success: `${t.name} deleted.` });
  }

  const columns: Column<Tag>[] = [
    {
      key: 'name',
      header: 'Tag',
      render: (t) => (
        <Text fw={600} size="sm">
          {t.name}
        </Text>
      ),
    },
    { key: 'slug', header: 'Slug (for events)', render: (t) => <code>{t.slug}</code> },
    {
      key: 'holders',
      header: 'Subscribers',
      render: (t) => (
        <Link href={`/subscribers?tag=${t.id}`} aria-label={`${t.subscriberCount} subscribers tagged ${t.name}`}>
          {t.subscriberCount}
        </Link>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (t) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
            Edit
          </Button>
          <Button size="xs" variant="default" color="red" onClick={() => void del(t)} aria-label={`Delete ${t.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader
        title="Tags"
        description="Labels on subscribers; campaigns and segments can target them."
        actions={<Button onClick={() => setEditing('new')}>New tag</Button>}
      />
      <DataTable
        caption="Tags"
        columns={columns}
        rows={result.data?.mailerTags.items}
        rowKey={(t) => t.id}
        fetching={result.fetching}
        error={result.error}
        empty="No tag yet."
        paging={{
          page: list.page,
          totalPages: result.data?.mailerTags.totalPages ?? 0,
          total: result.data?.mailerTags.total ?? 0,
          onPage: list.setPage,
          noun: 'tags',
        }}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New tag' : `Edit ${editing?.name ?? ''}`}
      >
        {editing !== null && <TagForm tag={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </>
  );
}

function TagForm({ tag, onDone }: { tag?: Tag; onDone: () => void }) {
  const create = useAction(MailingCreateTagDocument);
  const update = useAction(MailingUpdateTagDocument);
  const action = tag ? update : create;
  const form = useForm({ initialValues: { name: tag?.name ?? '', slug: tag?.slug ?? '' } });
  const submit = form.onSubmit(async (v) => {
    const input = { name: v.name, slug: v.slug.trim() || undefined };
    const done = tag
      ? await update.run({ id: tag.id, input }, { form, success: `${v.name} saved.` })
      : await create.run({ input }, { form, success: `${v.name} created.` });
    if (done.ok) onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={action.formError} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Slug"
          description="What inbound events name the tag by; made from the name when empty."
          {...form.getInputProps('slug')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={action.fetching}>
            {tag ? 'Save tag' : 'Create tag'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
