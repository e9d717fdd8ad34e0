// Creating or editing a plan. Prices are typed in the currency's major unit and sent in minor units; the server's
// validation messages show beside the fields they name.
import { Button, Group, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { toMajor, toMinor } from '../../components/format.ts';
import { useAction } from '../../components/useAction.ts';
import {
  MembershipCreatePlanDocument,
  MembershipUpdatePlanDocument,
  type MemberPlanInterval,
  type PlanFieldsFragment,
} from '../../gql/graphql.ts';

const INTERVALS: { value: MemberPlanInterval; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
  { value: 'lifetime', label: 'Lifetime (one payment)' },
];

export function PlanForm({ plan, onDone }: { plan?: PlanFieldsFragment; onDone: () => void }) {
  const create = useAction(MembershipCreatePlanDocument);
  const update = useAction(MembershipUpdatePlanDocument);
  const action = plan ? update : create;
  const form = useForm({
    initialValues: {
      name: plan?.name ?? '',
      slug: plan?.slug ?? '',
      description: plan?.description ?? '',
      price: plan ? toMajor(plan.price, plan.currency) : 0,
      currency: plan?.currency ?? '',
      interval: (plan?.interval ?? 'month') as MemberPlanInterval,
      intervalCount: plan?.intervalCount ?? 1,
      trialDays: plan?.trialDays ?? 0,
    },
  });

  const submit = form.onSubmit(async (v) => {
    const currency = v.currency.trim() || undefined;
    const input = {
      name: v.name,
      slug: v.slug.trim() || undefined,
      description: v.description,
      price: toMinor(v.price, currency ?? plan?.currency ?? 'USD') ?? undefined,
      currency,
      interval: v.interval,
      intervalCount: v.intervalCount,
      trialDays: v.trialDays,
    };
    const done = plan
      ? await update.run({ id: plan.id, input }, { form, success: `Plan “${v.name}” saved.` })
      : await create.run({ input }, { form, success: `Plan “${v.name}” created.` });
    if (done.ok) onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={action.formError} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Slug"
          description="Lower-case letters, digits and dashes; made from the name when empty."
          {...form.getInputProps('slug')}
        />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Group grow align="flex-start">
          <NumberInput label="Price" min={0} decimalScale={2} {...form.getInputProps('price')} />
          <TextInput
            label="Currency"
            description="ISO code; the site's when empty."
            maxLength={3}
            {...form.getInputProps('currency')}
          />
        </Group>
        <Group grow align="flex-start">
          <Select label="Billed every" data={INTERVALS} allowDeselect={false} {...form.getInputProps('interval')} />
          <NumberInput label="Interval count" min={1} {...form.getInputProps('intervalCount')} />
          <NumberInput label="Trial days" min={0} {...form.getInputProps('trialDays')} />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={action.fetching}>
            {plan ? 'Save plan' : 'Create plan'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
