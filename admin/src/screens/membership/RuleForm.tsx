// Creating or editing an access rule: what it guards (a type, and one item or all of them), which plans open it, and
// when (drip: days after the membership starts, a date, or after a prerequisite). Only the drip fields the method
// uses are shown and sent; the server checks they fit.
import { Button, Group, MultiSelect, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useAction } from '../../components/useAction.ts';
import {
  MembershipCreateRuleDocument,
  MembershipUpdateRuleDocument,
  type AccessRuleFieldsFragment,
  type MemberDripMethod,
  type MemberTargetType,
} from '../../gql/graphql.ts';
import { dayToIso } from './MembershipActions.tsx';
import { usePlanOptions } from './usePlanOptions.ts';

export const TARGET_TYPES: MemberTargetType[] = ['course', 'module', 'lesson', 'quiz', 'space', 'post', 'page'];
const DRIP: { value: MemberDripMethod; label: string }[] = [
  { value: 'none', label: 'At once' },
  { value: 'days_after_start', label: 'Days after the membership starts' },
  { value: 'date', label: 'On a date' },
  { value: 'after_prerequisite', label: 'After a prerequisite is completed' },
];

export function RuleForm({ rule, onDone }: { rule?: AccessRuleFieldsFragment; onDone: () => void }) {
  const plans = usePlanOptions();
  const create = useAction(MembershipCreateRuleDocument);
  const update = useAction(MembershipUpdateRuleDocument);
  const action = rule ? update : create;
  const form = useForm({
    initialValues: {
      targetType: rule?.targetType ?? ('course' as MemberTargetType),
      targetId: rule?.targetId ?? ('' as number | ''),
      planIds: (rule?.planIds ?? []).map(String),
      dripMethod: rule?.dripMethod ?? ('none' as MemberDripMethod),
      dripDays: rule?.dripDays ?? ('' as number | ''),
      dripDate: rule?.dripDate?.slice(0, 10) ?? '',
      prerequisiteType: rule?.prerequisiteType ?? ('lesson' as MemberTargetType),
      prerequisiteId: rule?.prerequisiteId ?? ('' as number | ''),
    },
  });
  const method = form.values.dripMethod;

  const submit = form.onSubmit(async (v) => {
    const drip = {
      planIds: v.planIds.map(Number),
      dripMethod: v.dripMethod,
      dripDays: v.dripMethod === 'days_after_start' && v.dripDays !== '' ? v.dripDays : undefined,
      dripDate: v.dripMethod === 'date' ? dayToIso(v.dripDate) : undefined,
      prerequisiteType: v.dripMethod === 'after_prerequisite' ? v.prerequisiteType : undefined,
      prerequisiteId: v.dripMethod === 'after_prerequisite' && v.prerequisiteId !== '' ? v.prerequisiteId : undefined,
    };
    const done = rule
      ? await update.run({ id: rule.id, input: drip }, { form, success: 'Access rule saved.' })
      : await create.run(
          { input: { ...drip, targetType: v.targetType, targetId: v.targetId === '' ? undefined : v.targetId } },
          { form, success: 'Access rule created.' },
        );
    if (done.ok) onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={action.formError} />
        <Group grow align="flex-start">
          <Select
            label="Guards"
            data={TARGET_TYPES}
            allowDeselect={false}
            disabled={!!rule}
            {...form.getInputProps('targetType')}
          />
          <NumberInput
            label="Item id"
            description="Empty: every item of the type."
            min={1}
            disabled={!!rule}
            {...form.getInputProps('targetId')}
          />
        </Group>
        <MultiSelect
          searchable
          label="Plans that open it"
          description="None chosen: any membership."
          data={plans.options(true)}
          {...form.getInputProps('planIds')}
        />
        <Select label="Released" data={DRIP} allowDeselect={false} {...form.getInputProps('dripMethod')} />
        {method === 'days_after_start' && (
          <NumberInput label="Days after the start" min={0} {...form.getInputProps('dripDays')} />
        )}
        {method === 'date' && <TextInput type="date" label="Release date" {...form.getInputProps('dripDate')} />}
        {method === 'after_prerequisite' && (
          <Group grow align="flex-start">
            <Select
              label="Prerequisite type"
              data={['course', 'lesson', 'quiz']}
              allowDeselect={false}
              {...form.getInputProps('prerequisiteType')}
            />
            <NumberInput label="Prerequisite id" min={1} {...form.getInputProps('prerequisiteId')} />
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={action.fetching}>
            {rule ? 'Save rule' : 'Create rule'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
