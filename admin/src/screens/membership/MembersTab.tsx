// Members: search by name or e-mail, filter by plan and status, open a member's page.
import { Anchor, Badge, Group, Select, Text, TextInput } from '@mantine/core';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatDate } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { refreshOn, useListState } from '../../components/useListState.ts';
import { MembershipMembersDocument, type MemberStatus, type MembershipMembersQuery } from '../../gql/graphql.ts';
import { usePlanOptions } from './usePlanOptions.ts';

type Row = MembershipMembersQuery['members']['items'][number];
const context = refreshOn('Membership');

export const STATUS_COLOR: Record<string, string> = {
  active: 'green',
  trialing: 'teal',
  paused: 'yellow',
  pending: 'blue',
  cancelled: 'gray',
  expired: 'gray',
  inactive: 'gray',
};

const columns: Column<Row>[] = [
  {
    key: 'name',
    header: 'Member',
    render: (m) => (
      <>
        <Anchor component={Link} href={`/members/${m.id}`} fw={600} size="sm">
          {m.displayName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {m.email}
        </Text>
      </>
    ),
  },
  { key: 'status', header: 'Status', render: (m) => <Badge color={STATUS_COLOR[m.status]}>{m.status}</Badge> },
  {
    key: 'plans',
    header: 'Memberships',
    render: (m) => (
      <Group gap={4}>
        {m.memberships.map((ms) => (
          <Badge key={ms.id} color={STATUS_COLOR[ms.status]}>
            {ms.plan.name} · {ms.status}
          </Badge>
        ))}
      </Group>
    ),
  },
  { key: 'registered', header: 'Registered', render: (m) => formatDate(m.registeredAt) },
];

export function MembersTab() {
  const list = useListState<{ planId: number | undefined; status: MemberStatus | undefined }>({
    planId: undefined,
    status: undefined,
  });
  const [result] = useQuery({ query: MembershipMembersDocument, variables: list.variables, context });
  const plans = usePlanOptions();
  return (
    <>
      <ScreenHeader
        title="Members"
        description="People who hold or held a membership. Open one to grant, pause, cancel or upgrade."
      />
      <Group mb="sm">
        <TextInput
          aria-label="Search members"
          placeholder="Name, username or e-mail"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          w={260}
        />
        <Select
          aria-label="Plan"
          placeholder="Any plan"
          clearable
          data={plans.options(true)}
          value={list.filters.planId ? String(list.filters.planId) : null}
          onChange={(v) => list.setFilters({ planId: v ? Number(v) : undefined })}
        />
        <Select
          aria-label="Member status"
          placeholder="Any status"
          clearable
          data={[
            { value: 'active', label: 'Active (has access)' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          value={list.filters.status ?? null}
          onChange={(v) => list.setFilters({ status: (v as MemberStatus | null) ?? undefined })}
        />
      </Group>
      <DataTable
        caption="Members"
        columns={columns}
        rows={result.data?.members.items}
        rowKey={(m) => m.id}
        fetching={result.fetching}
        error={result.error}
        empty="No member matches."
        paging={{
          page: list.page,
          totalPages: result.data?.members.totalPages ?? 0,
          total: result.data?.members.total ?? 0,
          onPage: list.setPage,
          noun: 'members',
        }}
      />
    </>
  );
}
