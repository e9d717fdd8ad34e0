// Awarding a badge to a member, found by name or e-mail (the members list searches on the server). Without the
// capability to list members, the member is named by user id.
import { Button, Group, NumberInput, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useQuery } from 'urql';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useAction } from '../../components/useAction.ts';
import {
  CommunityAwardBadgeDocument,
  CommunityMemberOptionsDocument,
  type BadgeFieldsFragment,
} from '../../gql/graphql.ts';
import { useSession } from '../../session/SessionProvider.tsx';

export function AwardForm({ badge, onDone }: { badge: BadgeFieldsFragment; onDone: () => void }) {
  const { can } = useSession();
  const award = useAction(CommunityAwardBadgeDocument);
  const form = useForm({ initialValues: { id: '' as string | number } });

  const submit = form.onSubmit(async (v) => {
    if (!Number(v.id)) return form.setErrors({ id: 'Choose a member.' });
    const done = await award.run({ id: Number(v.id), badgeId: badge.id }, { form, success: `${badge.name} awarded.` });
    if (done.ok) onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={award.formError} />
        {can('member_manage_members') ? (
          <MemberSelect
            value={form.values.id}
            onChange={(v) => form.setFieldValue('id', v ?? '')}
            error={form.errors.id as string | undefined}
          />
        ) : (
          <NumberInput label="Member (user id)" required min={1} data-autofocus {...form.getInputProps('id')} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={award.fetching}>
            Award badge
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MemberSelect(props: { value: string | number; onChange: (v: string | null) => void; error?: string }) {
  const [search, setSearch] = useState('');
  // The chosen member stays an option (choosing puts its label in the search box, which is not a search).
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search === picked?.label ? '' : search.trim(), 300);
  const [result] = useQuery({ query: CommunityMemberOptionsDocument, variables: { search: debounced || undefined } });
  const found = (result.data?.members.items ?? []).map((m) => ({
    value: String(m.id),
    label: `${m.displayName} (${m.email})`,
  }));
  const data = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;
  return (
    <Select
      label="Member"
      placeholder="Search by name or e-mail"
      required
      searchable
      data-autofocus
      data={data}
      // The server searched already: show what it found.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={result.fetching ? 'Searching…' : 'No member found'}
      value={props.value ? String(props.value) : null}
      onChange={(v, option) => {
        setPicked(v ? option : null);
        props.onChange(v);
      }}
      error={props.error}
    />
  );
}
