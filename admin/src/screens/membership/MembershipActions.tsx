// The moves a membership allows, as buttons; each destructive one asks first and says what it will do. Pause (with an
// optional date) and upgrade (to which plan) ask their question in a small dialog.
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../components/confirm.tsx';
import { formatDate } from '../../components/format.ts';
import { useAction } from '../../components/useAction.ts';
import {
  MembershipCancelDocument,
  MembershipGrantDocument,
  MembershipPauseDocument,
  MembershipResumeDocument,
  MembershipRevokeDocument,
  MembershipUpgradeDocument,
  type MembershipFieldsFragment,
} from '../../gql/graphql.ts';
import { allowedMoves } from './moves.ts';
import { usePlanOptions } from './usePlanOptions.ts';

interface Props {
  membership: MembershipFieldsFragment;
  userId: number;
  memberName: string;
}

/** A date input's "YYYY-MM-DD" as the start of that day (UTC), or undefined when empty. */
export const dayToIso = (day: string) => (day ? new Date(`${day}T00:00:00Z`).toISOString() : undefined);

export function MembershipActions({ membership: m, userId, memberName }: Props) {
  const grant = useAction(MembershipGrantDocument);
  const revoke = useAction(MembershipRevokeDocument);
  const pause = useAction(MembershipPauseDocument);
  const resume = useAction(MembershipResumeDocument);
  const cancel = useAction(MembershipCancelDocument);
  const upgrade = useAction(MembershipUpgradeDocument);
  const plans = usePlanOptions();
  const [dialog, setDialog] = useState<'pause' | 'upgrade' | null>(null);
  const [until, setUntil] = useState('');
  const [planId, setPlanId] = useState<string | null>(null);
  const plan = m.plan.name;

  const ask = async (title: string, message: string, action: string, run: () => Promise<unknown>) => {
    if (await confirmAction({ title, message, action })) await run();
  };

  const buttons = allowedMoves(m).map((move) => {
    switch (move) {
      case 'activate':
        return (
          <Button
            key={move}
            size="xs"
            onClick={() => void grant.run({ userId, planId: m.planId }, { success: `${plan} is active.` })}
          >
            Activate
          </Button>
        );
      case 'keep':
        return (
          <Button
            key={move}
            size="xs"
            variant="default"
            onClick={() => void grant.run({ userId, planId: m.planId }, { success: `${plan} will renew.` })}
          >
            Withdraw cancellation
          </Button>
        );
      case 'pause':
        return (
          <Button key={move} size="xs" variant="default" onClick={() => setDialog('pause')}>
            Pause
          </Button>
        );
      case 'resume':
        return (
          <Button
            key={move}
            size="xs"
            variant="default"
            onClick={() => void resume.run({ id: m.id }, { success: `${plan} resumed.` })}
          >
            Resume
          </Button>
        );
      case 'upgrade':
        return (
          <Button key={move} size="xs" variant="default" onClick={() => setDialog('upgrade')}>
            Change plan
          </Button>
        );
      case 'cancelAtPeriodEnd':
        return (
          <Button
            key={move}
            size="xs"
            variant="default"
            onClick={() =>
              void ask(
                `Cancel ${plan} at the period end?`,
                `${memberName} keeps access to ${plan} until ${formatDate(m.currentPeriodEnd)}; it will not renew.`,
                'Cancel at period end',
                () =>
                  cancel.run(
                    { id: m.id, immediately: false },
                    { success: `${plan} ends on ${formatDate(m.currentPeriodEnd)}.` },
                  ),
              )
            }
          >
            Cancel at period end
          </Button>
        );
      case 'revoke':
        return (
          <Button
            key={move}
            size="xs"
            variant="default"
            color="red"
            onClick={() =>
              void ask(
                `Revoke ${plan}?`,
                `${memberName} loses access to ${plan} now. The membership is cancelled (reason: revoked) and cannot be resumed.`,
                'Revoke membership',
                () => revoke.run({ userId, planId: m.planId }, { success: `${plan} revoked.` }),
              )
            }
          >
            Revoke
          </Button>
        );
    }
  });

  async function submitPause() {
    const done = await pause.run({ id: m.id, until: dayToIso(until) }, { success: `${plan} paused.` });
    if (done.ok) setDialog(null);
  }
  async function submitUpgrade() {
    if (!planId) return;
    const done = await upgrade.run(
      { id: m.id, planId: Number(planId) },
      { success: `Moved to ${plans.names.get(Number(planId))}.` },
    );
    if (done.ok) setDialog(null);
  }

  return (
    <>
      <Group gap="xs">{buttons}</Group>
      <Modal opened={dialog === 'pause'} onClose={() => setDialog(null)} title={`Pause ${plan}`}>
        <Stack>
          <TextInput
            type="date"
            label="Resume on"
            description="Leave empty to pause until resumed by hand."
            value={until}
            onChange={(e) => setUntil(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button onClick={() => void submitPause()} loading={pause.fetching}>
              Pause membership
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={dialog === 'upgrade'} onClose={() => setDialog(null)} title={`Change ${memberName}'s plan`}>
        <Stack>
          <Select
            label="New plan"
            data={plans.options().filter((o) => o.value !== String(m.planId))}
            value={planId}
            onChange={setPlanId}
            description="The plan is swapped now; the price difference is prorated."
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button onClick={() => void submitUpgrade()} disabled={!planId} loading={upgrade.fetching}>
              Change plan
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
