// A new badge: awarded by hand, or automatically after a member has done something a number of times. The server's
// validation messages show beside the fields they name.
import { Button, Group, NumberInput, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useAction } from '../../components/useAction.ts';
import { CommunityCreateBadgeDocument } from '../../gql/graphql.ts';
import { BADGE_EVENTS } from './badges.ts';

export function BadgeForm({ onDone }: { onDone: () => void }) {
  const create = useAction(CommunityCreateBadgeDocument);
  const form = useForm({
    initialValues: {
      name: '',
      slug: '',
      description: '',
      icon: '',
      kind: 'manual',
      event: BADGE_EVENTS[0]!.value,
      count: 1 as number | string,
    },
  });

  const submit = form.onSubmit(async (v) => {
    const automatic = v.kind === 'automatic' ? { event: v.event, count: Number(v.count) } : {};
    const input = {
      name: v.name,
      slug: v.slug.trim() || undefined,
      description: v.description,
      icon: v.icon,
      ...automatic,
    };
    const done = await create.run({ input }, { form, success: `Badge “${v.name}” created.` });
    if (done.ok) onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={create.formError} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Slug"
          description="Lower-case letters, digits and dashes; made from the name when empty."
          {...form.getInputProps('slug')}
        />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <TextInput
          label="Icon"
          description="An icon name, an emoji or an image URL, as the site shows it."
          {...form.getInputProps('icon')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="badge-kind">
            Awarded
          </Text>
          <SegmentedControl
            aria-labelledby="badge-kind"
            data={[
              { value: 'manual', label: 'By hand' },
              { value: 'automatic', label: 'Automatically' },
            ]}
            {...form.getInputProps('kind')}
          />
        </Stack>
        {form.values.kind === 'automatic' && (
          <Group grow align="flex-start">
            <Select
              label="When a member has"
              data={BADGE_EVENTS}
              allowDeselect={false}
              {...form.getInputProps('event')}
            />
            <NumberInput label="Count" description="How many times." min={1} {...form.getInputProps('count')} />
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.fetching}>
            Create badge
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
