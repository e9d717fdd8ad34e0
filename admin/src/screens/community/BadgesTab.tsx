// Badges: every badge with its criteria and how many members hold it, a new badge (by hand, or automatic after a
// number of a member's actions), and awarding one to a member.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { refreshOn, useListState } from '../../components/useListState.ts';
import { CommunityBadgesDocument, type BadgeFieldsFragment } from '../../gql/graphql.ts';
import { AwardForm } from './AwardForm.tsx';
import { BadgeForm } from './BadgeForm.tsx';
import { describeCriteria } from './badges.ts';

const context = refreshOn('MemberBadge');

export function BadgesTab() {
  const list = useListState({});
  const [result] = useQuery({ query: CommunityBadgesDocument, variables: list.variables, context });
  const [creating, setCreating] = useState(false);
  const [awarding, setAwarding] = useState<BadgeFieldsFragment | null>(null);

  const columns: Column<BadgeFieldsFragment>[] = [
    {
      key: 'name',
      header: 'Badge',
      render: (b) => (
        <>
          <Text fw={600} size="sm">
            {b.icon && `${b.icon} `}
            {b.name}
          </Text>
          <Text size="xs" c="dimmed">
            {b.slug}
          </Text>
        </>
      ),
    },
    { key: 'description', header: 'Description', render: (b) => <Text size="sm">{b.description || '—'}</Text> },
    { key: 'criteria', header: 'Earned', render: (b) => describeCriteria(b.criteria) },
    { key: 'held', header: 'Members holding it', render: (b) => b.awardedCount },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (b) => (
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={() => setAwarding(b)} aria-label={`Award ${b.name}`}>
            Award
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader
        title="Badges"
        description="Awarded by hand, or automatically once a member has done something a number of times."
        actions={<Button onClick={() => setCreating(true)}>New badge</Button>}
      />
      <DataTable
        caption="Badges"
        columns={columns}
        rows={result.data?.memberBadges.items}
        rowKey={(b) => b.id}
        fetching={result.fetching}
        error={result.error}
        empty="No badge yet."
        paging={{
          page: list.page,
          totalPages: result.data?.memberBadges.totalPages ?? 0,
          total: result.data?.memberBadges.total ?? 0,
          onPage: list.setPage,
          noun: 'badges',
        }}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title="New badge" size="lg">
        {creating && <BadgeForm onDone={() => setCreating(false)} />}
      </Modal>
      <Modal opened={awarding !== null} onClose={() => setAwarding(null)} title={`Award ${awarding?.name ?? ''}`}>
        {awarding && <AwardForm badge={awarding} onDone={() => setAwarding(null)} />}
      </Modal>
    </>
  );
}
