// A member: memberships with every move their state allows, granting another plan, course progress, badges (and
// awarding one), and the health score with its factors.
import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  List,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { formatDate } from '../../components/format.ts';
import { Panel } from '../../components/Panel.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn } from '../../components/useListState.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import {
  MembershipAwardBadgeDocument,
  MembershipBadgesDocument,
  MembershipCourseTitlesDocument,
  MembershipGrantDocument,
  MembershipMemberDocument,
  type MembershipMemberQuery,
} from '../../gql/graphql.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { dayToIso, MembershipActions } from './MembershipActions.tsx';
import { STATUS_COLOR } from './MembersTab.tsx';
import { usePlanOptions } from './usePlanOptions.ts';

type MemberData = MembershipMemberQuery['member'];
const context = refreshOn('Membership', 'MemberBadgeAward');
const BAND_COLOR: Record<string, string> = { healthy: 'green', at_risk: 'yellow', critical: 'red' };

export function MemberPage({ id }: { id: number }) {
  const [result] = useQuery({ query: MembershipMemberDocument, variables: { id }, context });
  const member = result.data?.member;
  return (
    <>
      <Anchor component={Link} href="/members" size="sm">
        ← Members
      </Anchor>
      <ScreenHeader
        title={member?.displayName ?? 'Member'}
        description={member && `${member.username} · ${member.email} · registered ${formatDate(member.registeredAt)}`}
        actions={member && <Badge color={STATUS_COLOR[member.status]}>{member.status}</Badge>}
      />
      <ErrorAlert error={result.error} />
      {member && (
        <Stack>
          <Memberships member={member} />
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ProgressPanel member={member} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack>
                <HealthPanel member={member} />
                <BadgesPanel member={member} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </>
  );
}

function Memberships({ member }: { member: MemberData }) {
  const { can } = useSession();
  const mayMove = can('member_grant_access');
  return (
    <Panel title="Memberships" result={{ data: member, fetching: false }} testId="memberships">
      {(m) => (
        <Stack>
          <Table.ScrollContainer minWidth={700}>
            <Table verticalSpacing="xs">
              <caption className="sr-only">Memberships of {m.displayName}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Plan</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Started</Table.Th>
                  <Table.Th scope="col">Period ends</Table.Th>
                  {mayMove && <Table.Th scope="col">Moves</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.memberships.map((ms) => (
                  <Table.Tr key={ms.id} data-testid={`membership-${ms.planId}`}>
                    <Table.Td>{ms.plan.name}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[ms.status]}>{ms.status}</Badge>
                      {ms.cancelAtPeriodEnd && (
                        <Text size="xs" c="dimmed">
                          ends at the period end
                        </Text>
                      )}
                      {ms.pausedUntil && (
                        <Text size="xs" c="dimmed">
                          until {formatDate(ms.pausedUntil)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDate(ms.startedAt)}</Table.Td>
                    <Table.Td>
                      {ms.endedAt ? `ended ${formatDate(ms.endedAt)}` : formatDate(ms.currentPeriodEnd)}
                    </Table.Td>
                    {mayMove && (
                      <Table.Td>
                        <MembershipActions membership={ms} userId={m.id} memberName={m.displayName} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {mayMove && <GrantForm member={m} />}
        </Stack>
      )}
    </Panel>
  );
}

function GrantForm({ member }: { member: MemberData }) {
  const plans = usePlanOptions();
  const grant = useAction(MembershipGrantDocument);
  const [planId, setPlanId] = useState<string | null>(null);
  const [endsAt, setEndsAt] = useState('');
  const submit = async () => {
    if (!planId) return;
    const done = await grant.run(
      { userId: member.id, planId: Number(planId), endsAt: dayToIso(endsAt) },
      { success: `${member.displayName} now holds ${plans.names.get(Number(planId))}.` },
    );
    if (done.ok) {
      setPlanId(null);
      setEndsAt('');
    }
  };
  return (
    <Group align="flex-end">
      <Select
        label="Grant a plan"
        placeholder="Choose a plan"
        data={plans.options()}
        value={planId}
        onChange={setPlanId}
        w={240}
      />
      <TextInput
        type="date"
        label="Access ends (optional)"
        value={endsAt}
        onChange={(e) => setEndsAt(e.currentTarget.value)}
      />
      <Button onClick={() => void submit()} disabled={!planId} loading={grant.fetching}>
        Grant
      </Button>
    </Group>
  );
}

function ProgressPanel({ member }: { member: MemberData }) {
  const [courses] = useQuery({ query: MembershipCourseTitlesDocument });
  const titles = new Map(courses.data?.memberCourses.items.map((c) => [c.id, c.title]));
  return (
    <Panel title="Course progress" result={{ data: member, fetching: false }} testId="progress">
      {(m) =>
        m.progress.length ? (
          <Stack gap="sm">
            {m.progress.map((p) => (
              <div key={p.courseId}>
                <Group justify="space-between">
                  <Text size="sm">{titles.get(p.courseId) ?? `Course ${p.courseId}`}</Text>
                  <Text size="sm" c="dimmed">
                    {p.completedLessons} / {p.totalLessons} lessons{p.completed ? ' · completed' : ''}
                  </Text>
                </Group>
                <Progress value={p.percent} aria-label={`${titles.get(p.courseId) ?? 'Course'}: ${p.percent} %`} />
              </div>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Not enrolled in any course yet.
          </Text>
        )
      }
    </Panel>
  );
}

function HealthPanel({ member }: { member: MemberData }) {
  const h = member.health;
  return (
    <Panel title="Health" result={{ data: h, fetching: false }} testId="health">
      {(health) => (
        <Group align="flex-start">
          <Stack gap={0}>
            <Text fz={28} fw={700}>
              {health.score ?? '—'}
            </Text>
            {health.band && <Badge color={BAND_COLOR[health.band]}>{health.band.replace('_', ' ')}</Badge>}
          </Stack>
          <List size="sm" spacing={2}>
            {health.factors.map((f) => (
              <List.Item key={f.name}>
                {f.name}: {Math.round(f.value)} (weight {f.weight})
              </List.Item>
            ))}
          </List>
        </Group>
      )}
    </Panel>
  );
}

function BadgesPanel({ member }: { member: MemberData }) {
  const { can } = useSession();
  const [badges] = useQuery({ query: MembershipBadgesDocument, pause: !can('member_manage_badges') });
  const award = useAction(MembershipAwardBadgeDocument);
  const [badgeId, setBadgeId] = useState<string | null>(null);
  const held = new Set(member.badges.map((b) => b.badgeId));
  const options = (badges.data?.memberBadges.items ?? [])
    .filter((b) => !held.has(b.id))
    .map((b) => ({ value: String(b.id), label: b.name }));
  return (
    <Panel title="Badges" result={{ data: member, fetching: false }} testId="badges">
      {(m) => (
        <Stack gap="sm">
          {m.badges.length ? (
            <Group gap="xs">
              {m.badges.map((b) => (
                <Badge key={b.badgeId} title={`Awarded ${formatDate(b.awardedAt)}`}>
                  {b.name}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              No badge yet.
            </Text>
          )}
          {can('member_manage_badges') && options.length > 0 && (
            <Group align="flex-end">
              <Select
                label="Award a badge"
                placeholder="Choose a badge"
                data={options}
                value={badgeId}
                onChange={setBadgeId}
              />
              <Button
                variant="default"
                disabled={!badgeId}
                loading={award.fetching}
                onClick={() =>
                  void award
                    .run({ userId: m.id, badgeId: Number(badgeId) }, { success: 'Badge awarded.' })
                    .then(() => setBadgeId(null))
                }
              >
                Award
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Panel>
  );
}
