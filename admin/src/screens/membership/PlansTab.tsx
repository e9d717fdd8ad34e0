// Plans: the list (by position), create and edit in a dialog, archive and restore, and the order members see them in.
import { ActionIcon, Badge, Button, Group, Modal, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { confirmAction } from '../../components/confirm.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatMoney } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn, useListState } from '../../components/useListState.ts';
import {
  MembershipPlansDocument,
  MembershipUpdatePlanDocument,
  type MemberPlanStatus,
  type PlanFieldsFragment,
} from '../../gql/graphql.ts';
import { PlanForm } from './PlanForm.tsx';

const context = refreshOn('MemberPlan');

const every = (p: PlanFieldsFragment) =>
  p.interval === 'lifetime'
    ? 'once'
    : p.intervalCount === 1
      ? `per ${p.interval}`
      : `every ${p.intervalCount} ${p.interval}s`;

export function PlansTab() {
  const list = useListState<{ status: MemberPlanStatus | undefined }>({ status: undefined });
  const [result] = useQuery({ query: MembershipPlansDocument, variables: list.variables, context });
  const [editing, setEditing] = useState<PlanFieldsFragment | 'new' | null>(null);
  const update = useAction(MembershipUpdatePlanDocument);
  const plans = result.data?.memberPlans.items;

  async function setStatus(p: PlanFieldsFragment, status: MemberPlanStatus) {
    if (status === 'archived') {
      const ok = await confirmAction({
        title: `Archive ${p.name}?`,
        message: `${p.name} will take no new members. Its ${p.activeMembers} active member(s) keep their memberships until they end.`,
        action: 'Archive plan',
      });
      if (!ok) return;
    }
    await update.run(
      { id: p.id, input: { status } },
      { success: status === 'archived' ? `${p.name} archived.` : `${p.name} is active again.` },
    );
  }

  /** Swaps a plan with its neighbour: it takes the neighbour's position, then the neighbour takes its old one (where
   *  the server moves the others along, the second write finds it done already). */
  async function move(index: number, by: -1 | 1) {
    const a = plans?.[index];
    const b = plans?.[index + by];
    if (!a || !b) return;
    const first = await update.run({ id: a.id, input: { position: b.position } });
    if (first.ok)
      await update.run(
        { id: b.id, input: { position: a.position } },
        { success: `${a.name} moved ${by < 0 ? 'up' : 'down'}.` },
      );
  }

  const columns: Column<PlanFieldsFragment>[] = [
    {
      key: 'order',
      header: 'Order',
      width: 90,
      render: (p) => {
        const i = plans!.indexOf(p);
        return (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="sm"
              aria-label={`Move ${p.name} up`}
              disabled={i === 0}
              onClick={() => void move(i, -1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="sm"
              aria-label={`Move ${p.name} down`}
              disabled={i === plans!.length - 1}
              onClick={() => void move(i, 1)}
            >
              ↓
            </ActionIcon>
          </Group>
        );
      },
    },
    {
      key: 'name',
      header: 'Plan',
      render: (p) => (
        <>
          <Text fw={600} size="sm">
            {p.name}
          </Text>
          <Text size="xs" c="dimmed">
            {p.slug}
          </Text>
        </>
      ),
    },
    { key: 'price', header: 'Price', render: (p) => `${formatMoney(p.price, p.currency)} ${every(p)}` },
    { key: 'trial', header: 'Trial', render: (p) => (p.trialDays ? `${p.trialDays} days` : '—') },
    { key: 'members', header: 'Active members', render: (p) => p.activeMembers },
    {
      key: 'status',
      header: 'Status',
      render: (p) => <Badge color={p.status === 'active' ? 'green' : 'gray'}>{p.status}</Badge>,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (p) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
            Edit
          </Button>
          {p.status === 'active' ? (
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => void setStatus(p, 'archived')}
              aria-label={`Archive ${p.name}`}
            >
              Archive
            </Button>
          ) : (
            <Button
              size="xs"
              variant="default"
              onClick={() => void setStatus(p, 'active')}
              aria-label={`Restore ${p.name}`}
            >
              Restore
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader
        title="Plans"
        description="What members join: price, billing period and trial. Archived plans take no new members."
        actions={<Button onClick={() => setEditing('new')}>New plan</Button>}
      />
      <Group mb="sm">
        <TextInput
          aria-label="Search plans"
          placeholder="Search plans"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
        />
        <Select
          aria-label="Plan status"
          placeholder="Any status"
          clearable
          data={[
            { value: 'active', label: 'Active' },
            { value: 'archived', label: 'Archived' },
          ]}
          value={list.filters.status ?? null}
          onChange={(v) => list.setFilters({ status: (v as MemberPlanStatus | null) ?? undefined })}
        />
      </Group>
      <DataTable
        caption="Plans"
        columns={columns}
        rows={plans}
        rowKey={(p) => p.id}
        fetching={result.fetching}
        error={result.error}
        empty="No plan yet: create the first one."
        paging={{
          page: list.page,
          totalPages: result.data?.memberPlans.totalPages ?? 0,
          total: result.data?.memberPlans.total ?? 0,
          onPage: list.setPage,
          noun: 'plans',
        }}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New plan' : `Edit ${editing?.name ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <PlanForm plan={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}
