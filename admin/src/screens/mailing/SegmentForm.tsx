// Creating or editing a segment: its rules, one row each (field, operator, value), combined by all or any. The count
// beside them follows the rules as they are edited (the server counts them without saving, once typing pauses); the
// server's message on a rule shows beside that rule's value.
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useAction } from '../../components/useAction.ts';
import {
  MailingCreateSegmentDocument,
  MailingSegmentPreviewDocument,
  MailingUpdateSegmentDocument,
  type MailerSegmentMatch,
  type MailingSegmentFieldsFragment,
} from '../../gql/graphql.ts';
import { readServerError } from '../../graphql/errors.ts';
import {
  blankRule,
  complete,
  FIELDS,
  fromServer,
  OPERATORS,
  toServer,
  valueKind,
  type Field,
  type RuleDraft,
} from './segmentRules.ts';
import { SUBSCRIBER_STATUSES } from './SubscribersTab.tsx';
import { useAudienceOptions } from './useAudienceOptions.ts';

export function SegmentForm({ segment, onDone }: { segment?: MailingSegmentFieldsFragment; onDone: () => void }) {
  const audience = useAudienceOptions();
  const create = useAction(MailingCreateSegmentDocument);
  const update = useAction(MailingUpdateSegmentDocument);
  const action = segment ? update : create;
  const form = useForm({
    initialValues: {
      name: segment?.name ?? '',
      description: segment?.description ?? '',
      match: (segment?.match ?? 'all') as MailerSegmentMatch,
      rules: segment ? (segment.rules as unknown[]).map(fromServer) : [blankRule('list')],
    },
  });

  const choices = (field: Field) =>
    field === 'list'
      ? audience.lists
      : field === 'tag'
        ? audience.tags
        : SUBSCRIBER_STATUSES.map(({ value, label }) => ({ value, label }));

  const submit = form.onSubmit(async (v) => {
    const input = { name: v.name, description: v.description, match: v.match, rules: v.rules.map(toServer) };
    const done = segment
      ? await update.run({ id: segment.id, input }, { form, success: `${v.name} saved.` })
      : await create.run({ input }, { form, success: `${v.name} created.` });
    if (done.ok) onDone();
  });

  function setField(i: number, field: Field) {
    form.setFieldValue(`rules.${i}`, blankRule(field));
  }
  function setOperator(i: number, rule: RuleDraft, operator: string) {
    const same = valueKind(rule) === valueKind({ field: rule.field, operator });
    form.setFieldValue(`rules.${i}`, {
      ...rule,
      operator,
      value: same ? rule.value : operator === 'within_days' ? 30 : '',
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={action.formError} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Textarea label="Description" autosize minRows={1} {...form.getInputProps('description')} />
        <Group>
          <Text size="sm" fw={500} id="segment-match">
            Subscribers who match
          </Text>
          <SegmentedControl
            aria-labelledby="segment-match"
            data={[
              { value: 'all', label: 'every rule' },
              { value: 'any', label: 'any rule' },
            ]}
            {...form.getInputProps('match')}
          />
        </Group>
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="sr-only">Rules</legend>
          {form.values.rules.map((rule, i) => {
            const kind = valueKind(rule);
            const n = i + 1;
            return (
              <Group key={i} align="flex-start" wrap="nowrap" data-testid={`rule-${n}`}>
                <Select
                  aria-label={`Rule ${n}: field`}
                  data={FIELDS}
                  value={rule.field}
                  onChange={(v) => v && setField(i, v as Field)}
                  allowDeselect={false}
                  w={130}
                />
                <Select
                  aria-label={`Rule ${n}: operator`}
                  data={OPERATORS[rule.field]}
                  value={rule.operator}
                  onChange={(v) => v && setOperator(i, rule, v)}
                  allowDeselect={false}
                  w={170}
                />
                {kind === 'many' && (
                  <MultiSelect
                    aria-label={`Rule ${n}: values`}
                    data={choices(rule.field)}
                    searchable
                    style={{ flex: 1 }}
                    {...form.getInputProps(`rules.${i}.value`)}
                  />
                )}
                {kind === 'day' && (
                  <TextInput
                    type="date"
                    aria-label={`Rule ${n}: day`}
                    style={{ flex: 1 }}
                    {...form.getInputProps(`rules.${i}.value`)}
                  />
                )}
                {kind === 'days' && (
                  <NumberInput
                    aria-label={`Rule ${n}: days`}
                    min={1}
                    max={36500}
                    style={{ flex: 1 }}
                    {...form.getInputProps(`rules.${i}.value`)}
                  />
                )}
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Remove rule ${n}`}
                  disabled={form.values.rules.length === 1}
                  onClick={() => form.removeListItem('rules', i)}
                >
                  ×
                </ActionIcon>
              </Group>
            );
          })}
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() => form.insertListItem('rules', blankRule('tag'))}
              disabled={form.values.rules.length >= 50}
            >
              Add a rule
            </Button>
          </Group>
        </Stack>
        <LiveCount match={form.values.match} rules={form.values.rules} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={action.fetching}>
            {segment ? 'Save segment' : 'Create segment'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How many subscribers the rules select now, asked of the server once editing pauses. */
function LiveCount({ match, rules }: { match: MailerSegmentMatch; rules: RuleDraft[] }) {
  const ready = rules.length > 0 && rules.every(complete);
  const variables = useMemo(() => ({ match, rules: rules.map(toServer) }), [match, rules]);
  const [debounced] = useDebouncedValue(variables, 300);
  const [result] = useQuery({
    query: MailingSegmentPreviewDocument,
    variables: debounced,
    pause: !ready,
    requestPolicy: 'network-only',
  });
  const count = result.data?.mailerSegmentPreview;
  return (
    <Alert color={result.error ? 'red' : 'blue'} variant="light" aria-live="polite" data-testid="segment-count">
      {!ready
        ? 'Complete every rule to see how many subscribers it selects.'
        : result.error
          ? readServerError(result.error).message
          : count
            ? `${count.subscriberCount} subscriber(s) match now; ${count.subscribedCount} would be mailed.`
            : 'Counting…'}
    </Alert>
  );
}
