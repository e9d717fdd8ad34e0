// Adding or editing a subscriber. A new one joins at most one list (as the API takes it); an edit replaces the lists
// and adds or removes tags (each tag change is its own call, as the API has them).
import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useAction } from '../../components/useAction.ts';
import {
  MailingAssignTagsDocument,
  MailingCreateSubscriberDocument,
  MailingRemoveTagDocument,
  MailingUpdateSubscriberDocument,
  type MailerSubscriberStatus,
  type MailingSubscriberFieldsFragment,
} from '../../gql/graphql.ts';
import { SUBSCRIBER_STATUSES } from './SubscribersTab.tsx';
import { toIds, toValues, useAudienceOptions } from './useAudienceOptions.ts';

export function SubscriberForm({
  subscriber,
  onDone,
}: {
  subscriber?: MailingSubscriberFieldsFragment;
  onDone: () => void;
}) {
  const audience = useAudienceOptions();
  const create = useAction(MailingCreateSubscriberDocument);
  const update = useAction(MailingUpdateSubscriberDocument);
  const assign = useAction(MailingAssignTagsDocument);
  const untag = useAction(MailingRemoveTagDocument);
  const action = subscriber ? update : create;
  const form = useForm({
    initialValues: {
      email: subscriber?.email ?? '',
      firstName: subscriber?.firstName ?? '',
      status: (subscriber?.status ?? 'subscribed') as MailerSubscriberStatus,
      listId: null as string | null,
      listIds: toValues(subscriber?.listIds ?? []),
      tagIds: toValues(subscriber?.tags.map((t) => t.id) ?? []),
    },
  });

  const submit = form.onSubmit(async (v) => {
    const base = { email: v.email, firstName: v.firstName, status: v.status };
    if (!subscriber) {
      const done = await create.run(
        { input: { ...base, listId: v.listId ? Number(v.listId) : undefined } },
        { form, success: `${v.email} added.` },
      );
      if (!done.ok) return;
      const tagIds = toIds(v.tagIds);
      if (tagIds.length && !(await assign.run({ id: done.data.createMailerSubscriber.id, tagIds })).ok) return;
    } else {
      const done = await update.run(
        { id: subscriber.id, input: { ...base, listIds: toIds(v.listIds) } },
        { form, success: `${v.email} saved.` },
      );
      if (!done.ok) return;
      const had = subscriber.tags.map((t) => t.id);
      const want = toIds(v.tagIds);
      const added = want.filter((id) => !had.includes(id));
      if (added.length && !(await assign.run({ id: subscriber.id, tagIds: added })).ok) return;
      for (const tagId of had.filter((id) => !want.includes(id)))
        if (!(await untag.run({ id: subscriber.id, tagId })).ok) return;
    }
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={action.formError} />
        <TextInput label="E-mail" required data-autofocus {...form.getInputProps('email')} />
        <TextInput
          label="First name"
          description="What {{first_name}} becomes in campaigns."
          {...form.getInputProps('firstName')}
        />
        <Select
          label="Status"
          data={SUBSCRIBER_STATUSES.map(({ value, label }) => ({ value, label }))}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
        {subscriber ? (
          <MultiSelect label="Lists" data={audience.lists} searchable {...form.getInputProps('listIds')} />
        ) : (
          <Select
            label="List"
            placeholder="No list"
            clearable
            data={audience.lists}
            {...form.getInputProps('listId')}
          />
        )}
        <MultiSelect label="Tags" data={audience.tags} searchable {...form.getInputProps('tagIds')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={action.fetching || assign.fetching || untag.fetching}>
            {subscriber ? 'Save subscriber' : 'Add subscriber'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
