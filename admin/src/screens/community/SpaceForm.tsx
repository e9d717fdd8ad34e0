// Creating or editing a space; the server's validation messages show beside the fields they name.
import { Button, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useAction } from '../../components/useAction.ts';
import {
  CommunityCreateSpaceDocument,
  type MemberSpaceVisibility,
  type SpaceFieldsFragment,
} from '../../gql/graphql.ts';

export function SpaceForm({ space, onDone }: { space?: SpaceFieldsFragment; onDone: () => void }) {
  const create = useAction(CommunityCreateSpaceDocument);
  const action = create;
  const form = useForm({
    initialValues: {
      name: space?.name ?? '',
      slug: space?.slug ?? '',
      description: space?.description ?? '',
      visibility: (space?.visibility ?? 'members') as MemberSpaceVisibility,
    },
  });

  const submit = form.onSubmit(async (v) => {
    const input = {
      name: v.name,
      slug: v.slug.trim() || undefined,
      description: v.description,
      visibility: v.visibility,
    };
    const done = await create.run({ input }, { form, success: `Space “${v.name}” created.` });
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
        <Radio.Group label="Who reads it" {...form.getInputProps('visibility')}>
          <Group mt="xs">
            <Radio value="members" label="Members with an active membership" />
            <Radio value="public" label="Everyone" />
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={action.fetching}>
            {space ? 'Save space' : 'Create space'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
