// Composing a campaign: name, subject, sender, audience (lists, tags, segments) and the HTML and text bodies with
// their merge tags. Creating one makes a draft; a draft, scheduled or paused campaign can be edited.
import { Button, Group, MultiSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useAction } from '../../components/useAction.ts';
import {
  MailingCreateCampaignDocument,
  MailingUpdateCampaignDocument,
  type MailingCampaignFieldsFragment,
} from '../../gql/graphql.ts';
import { toIds, toValues, useAudienceOptions } from './useAudienceOptions.ts';

const MERGE_TAGS = 'Merge tags: {{first_name|friend}}, {{email}}, {{unsubscribe_url}}.';

export function CampaignForm({
  campaign,
  onCreated,
}: {
  campaign?: MailingCampaignFieldsFragment;
  onCreated?: (id: number) => void;
}) {
  const audience = useAudienceOptions();
  const create = useAction(MailingCreateCampaignDocument);
  const update = useAction(MailingUpdateCampaignDocument);
  const action = campaign ? update : create;
  const form = useForm({
    initialValues: {
      name: campaign?.name ?? '',
      subject: campaign?.subject ?? '',
      fromName: campaign?.fromName ?? '',
      fromEmail: campaign?.fromEmail ?? '',
      listIds: toValues(campaign?.listIds ?? []),
      tagIds: toValues(campaign?.tagIds ?? []),
      segmentIds: toValues(campaign?.segmentIds ?? []),
      html: campaign?.html ?? '',
      text: campaign?.text ?? '',
    },
  });

  const submit = form.onSubmit(async (v) => {
    const input = { ...v, listIds: toIds(v.listIds), tagIds: toIds(v.tagIds), segmentIds: toIds(v.segmentIds) };
    if (campaign) {
      const done = await update.run({ id: campaign.id, input }, { form, success: `${v.name} saved.` });
      if (done.ok) form.resetDirty();
    } else {
      const done = await create.run({ input }, { form, success: `Draft ${v.name} created.` });
      if (done.ok) onCreated?.(done.data.createMailerCampaign.id);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Campaign">
      <Stack>
        <ErrorAlert error={action.formError} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label="Name"
            description="Internal, never shown to recipients."
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Subject"
            description="Takes {{first_name|fallback}} and {{email}}."
            {...form.getInputProps('subject')}
          />
          <TextInput label="From name" {...form.getInputProps('fromName')} />
          <TextInput
            label="From address"
            description="Empty: the site's MAIL_FROM."
            {...form.getInputProps('fromEmail')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <MultiSelect
            label="Lists"
            description="Their subscribed members."
            data={audience.lists}
            searchable
            {...form.getInputProps('listIds')}
          />
          <MultiSelect
            label="Tags"
            description="Their subscribed holders."
            data={audience.tags}
            searchable
            {...form.getInputProps('tagIds')}
          />
          <MultiSelect
            label="Segments"
            description="Their subscribed members."
            data={audience.segments}
            searchable
            {...form.getInputProps('segmentIds')}
          />
        </SimpleGrid>
        <Textarea
          label="HTML body"
          description={`${MERGE_TAGS} Its http(s) links are tracked.`}
          autosize
          minRows={5}
          maxRows={14}
          ff="monospace"
          {...form.getInputProps('html')}
        />
        <Textarea
          label="Text body"
          description={MERGE_TAGS}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={action.fetching}>
            {campaign ? 'Save campaign' : 'Create draft'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
