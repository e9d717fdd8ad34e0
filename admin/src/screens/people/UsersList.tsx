// Users: search by name or e-mail, filter by role, add one (a generated password is shown once); open one for their
// roles and credentials.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatDate, formatDateTime } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn, useListState } from '../../components/useListState.ts';
import { PeopleCreateUserDocument, PeopleUsersDocument, type PeopleUserFieldsFragment } from '../../gql/graphql.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { ROLES } from './roles.ts';

type User = PeopleUserFieldsFragment;
const context = refreshOn('User');

const columns: Column<User>[] = [
  {
    key: 'name',
    header: 'User',
    render: (u) => (
      <>
        <Anchor component={Link} href={`/users/${u.id}`} fw={600} size="sm">
          {u.displayName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {u.username} · {u.email}
        </Text>
      </>
    ),
  },
  {
    key: 'roles',
    header: 'Roles',
    render: (u) => (
      <Group gap={4}>
        {u.roles.map((r) => (
          <Badge key={r}>{r}</Badge>
        ))}
      </Group>
    ),
  },
  { key: 'login', header: 'Last sign-in', render: (u) => formatDateTime(u.lastLoginAt) },
  { key: 'created', header: 'Created', render: (u) => formatDate(u.createdAt) },
];

export function UsersList() {
  const { can } = useSession();
  const list = useListState<{ role: string | undefined }>({ role: undefined });
  const [result] = useQuery({ query: PeopleUsersDocument, variables: list.variables, context });
  const [adding, setAdding] = useState(false);
  return (
    <>
      <ScreenHeader
        title="People"
        description="Accounts, their roles, and the credentials apps use to act as them."
        actions={can('create_users') && <Button onClick={() => setAdding(true)}>Add user</Button>}
      />
      <Group mb="sm">
        <TextInput
          aria-label="Search users"
          placeholder="Name, username or e-mail"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          w={260}
        />
        <Select
          aria-label="Role"
          placeholder="Any role"
          clearable
          data={ROLES}
          value={list.filters.role ?? null}
          onChange={(v) => list.setFilters({ role: v ?? undefined })}
        />
      </Group>
      <DataTable
        caption="Users"
        columns={columns}
        rows={result.data?.users.items}
        rowKey={(u) => u.id}
        fetching={result.fetching}
        error={result.error}
        empty="No user matches."
        paging={{
          page: list.page,
          totalPages: result.data?.users.totalPages ?? 0,
          total: result.data?.users.total ?? 0,
          onPage: list.setPage,
          noun: 'users',
        }}
      />
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add a user" size="lg">
        {adding && <UserForm onDone={() => setAdding(false)} />}
      </Modal>
    </>
  );
}

function UserForm({ onDone }: { onDone: () => void }) {
  const create = useAction(PeopleCreateUserDocument);
  const [generated, setGenerated] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', email: '', displayName: '', password: '', roles: ['subscriber'] },
  });
  const submit = form.onSubmit(async (v) => {
    const input = {
      username: v.username,
      email: v.email,
      displayName: v.displayName.trim() || undefined,
      password: v.password || undefined,
      roles: v.roles,
    };
    const done = await create.run({ input }, { form, success: `${v.username} added.` });
    if (!done.ok) return;
    if (v.password) onDone();
    else setGenerated(done.data.createUser.password);
  });
  if (generated) {
    return (
      <Stack>
        <Alert color="green" title="Account created">
          <Text size="sm">Its generated password, shown this once:</Text>
          <Code block data-testid="generated-password">
            {generated}
          </Code>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={create.formError} />
        <TextInput
          label="Username"
          description="Letters, digits and . _ @ -; it never changes."
          required
          data-autofocus
          {...form.getInputProps('username')}
        />
        <TextInput label="E-mail" required {...form.getInputProps('email')} />
        <TextInput label="Display name" description="The username when empty." {...form.getInputProps('displayName')} />
        <PasswordInput
          label="Password"
          description="8 characters or more; leave empty to have a strong one generated."
          {...form.getInputProps('password')}
        />
        <MultiSelect label="Roles" data={ROLES} {...form.getInputProps('roles')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.fetching}>
            Add user
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
