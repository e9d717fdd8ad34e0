// Access rules: what each plan opens (courses, lessons, spaces, posts…) and when, with drip.
import { Badge, Button, Group, Modal, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { confirmAction } from '../../components/confirm.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatDate } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn, useListState } from '../../components/useListState.ts';
import {
  MembershipAccessRulesDocument,
  MembershipDeleteRuleDocument,
  type AccessRuleFieldsFragment,
  type MemberTargetType,
} from '../../gql/graphql.ts';
import { RuleForm, TARGET_TYPES } from './RuleForm.tsx';
import { usePlanOptions } from './usePlanOptions.ts';

const context = refreshOn('MemberAccessRule');

const target = (r: AccessRuleFieldsFragment) =>
  r.targetId ? `${r.targetType} #${r.targetId}` : `every ${r.targetType}`;

function released(r: AccessRuleFieldsFragment) {
  switch (r.dripMethod) {
    case 'days_after_start':
      return `${r.dripDays} days after the start`;
    case 'date':
      return `on ${formatDate(r.dripDate)}`;
    case 'after_prerequisite':
      return `after ${r.prerequisiteType} #${r.prerequisiteId}`;
    default:
      return 'at once';
  }
}

export function AccessRulesTab() {
  const list = useListState<{ targetType: MemberTargetType | undefined }>({ targetType: undefined });
  const [result] = useQuery({ query: MembershipAccessRulesDocument, variables: list.variables, context });
  const plans = usePlanOptions();
  const remove = useAction(MembershipDeleteRuleDocument);
  const [editing, setEditing] = useState<AccessRuleFieldsFragment | 'new' | null>(null);

  const del = async (r: AccessRuleFieldsFragment) => {
    const ok = await confirmAction({
      title: 'Delete this access rule?',
      message: `${target(r)} will no longer be opened by this rule: members who reach it only through it lose access now.`,
      action: 'Delete rule',
    });
    if (ok) await remove.run({ id: r.id }, { success: 'Access rule deleted.' });
  };

  const columns: Column<AccessRuleFieldsFragment>[] = [
    {
      key: 'target',
      header: 'Guards',
      render: (r) => (
        <Text size="sm" fw={600}>
          {target(r)}
        </Text>
      ),
    },
    {
      key: 'plans',
      header: 'Opened by',
      render: (r) =>
        r.planIds.length ? (
          <Group gap={4}>
            {r.planIds.map((id) => (
              <Badge key={id}>{plans.names.get(id) ?? `plan #${id}`}</Badge>
            ))}
          </Group>
        ) : (
          'any membership'
        ),
    },
    { key: 'drip', header: 'Released', render: released },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (r) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing(r)}
            aria-label={`Edit the rule on ${target(r)}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => void del(r)}
            aria-label={`Delete the rule on ${target(r)}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader
        title="Access rules"
        description="Which plans open which content, and when it is released (drip)."
        actions={<Button onClick={() => setEditing('new')}>New rule</Button>}
      />
      <Group mb="sm">
        <Select
          aria-label="What the rules guard"
          placeholder="Any kind of content"
          clearable
          data={TARGET_TYPES}
          value={list.filters.targetType ?? null}
          onChange={(v) => list.setFilters({ targetType: (v as MemberTargetType | null) ?? undefined })}
        />
      </Group>
      <DataTable
        caption="Access rules"
        columns={columns}
        rows={result.data?.memberAccessRules.items}
        rowKey={(r) => r.id}
        fetching={result.fetching}
        error={result.error}
        empty="No access rule yet."
        paging={{
          page: list.page,
          totalPages: result.data?.memberAccessRules.totalPages ?? 0,
          total: result.data?.memberAccessRules.total ?? 0,
          onPage: list.setPage,
          noun: 'rules',
        }}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New access rule' : 'Edit access rule'}
        size="lg"
      >
        {editing !== null && (
          <RuleForm rule={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}
