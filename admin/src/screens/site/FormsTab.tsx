// Forms: title, whether it takes entries, its fields and entries (unread first to the eye); open one for its fields
// and its entries.
import { Anchor, Badge, Group, Select, Text, TextInput } from '@mantine/core';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatDate } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { refreshOn, useListState } from '../../components/useListState.ts';
import { SiteFormsDocument, type FormStatus, type SiteFormsQuery } from '../../gql/graphql.ts';

type Row = SiteFormsQuery['forms']['items'][number];
const context = refreshOn('Form', 'FormEntry');

const columns: Column<Row>[] = [
  {
    key: 'title',
    header: 'Form',
    render: (f) => (
      <Anchor component={Link} href={`/forms/${f.id}`} fw={600} size="sm">
        {f.title}
      </Anchor>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (f) => (
      <Badge color={f.acceptingEntries ? 'green' : 'gray'}>{f.acceptingEntries ? 'taking entries' : f.status}</Badge>
    ),
  },
  { key: 'fields', header: 'Fields', render: (f) => f.fields.length },
  {
    key: 'entries',
    header: 'Entries',
    render: (f) => (
      <Text size="sm">
        {f.entryCount}
        {f.unreadCount > 0 && <Badge ml="xs">{f.unreadCount} unread</Badge>}
      </Text>
    ),
  },
  { key: 'created', header: 'Created', render: (f) => formatDate(f.createdAt) },
];

export function FormsTab() {
  const list = useListState<{ status: FormStatus | undefined }>({ status: undefined });
  const [result] = useQuery({ query: SiteFormsDocument, variables: list.variables, context });
  return (
    <>
      <ScreenHeader title="Forms" description="The site's forms with their fields and entries." />
      <Group mb="sm">
        <TextInput
          aria-label="Search forms"
          placeholder="Title"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
        />
        <Select
          aria-label="Form status"
          placeholder="Any status"
          clearable
          data={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          value={list.filters.status ?? null}
          onChange={(v) => list.setFilters({ status: (v as FormStatus | null) ?? undefined })}
        />
      </Group>
      <DataTable
        caption="Forms"
        columns={columns}
        rows={result.data?.forms.items}
        rowKey={(f) => f.id}
        fetching={result.fetching}
        error={result.error}
        empty="No form yet."
        paging={{
          page: list.page,
          totalPages: result.data?.forms.totalPages ?? 0,
          total: result.data?.forms.total ?? 0,
          onPage: list.setPage,
          noun: 'forms',
        }}
      />
    </>
  );
}
