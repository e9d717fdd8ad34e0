// What can be done with a campaign now, by its status: a test send to a few addresses; send now or schedule (draft);
// unschedule (scheduled); pause (sending); resume (paused); cancel; delete. Sending, cancelling and deleting ask first.
import { Alert, Button, Group, List, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../components/confirm.tsx';
import { formatDateTime } from '../../components/format.ts';
import { Panel } from '../../components/Panel.tsx';
import { useAction } from '../../components/useAction.ts';
import {
  MailingCancelCampaignDocument,
  MailingDeleteCampaignDocument,
  MailingPauseCampaignDocument,
  MailingResumeCampaignDocument,
  MailingSendCampaignDocument,
  MailingTestCampaignDocument,
  MailingUpdateCampaignDocument,
  type MailingCampaignFieldsFragment,
  type MailingTestCampaignMutation,
} from '../../gql/graphql.ts';

type Campaign = MailingCampaignFieldsFragment;

export function CampaignSend({ campaign: c, onDeleted }: { campaign: Campaign; onDeleted: () => void }) {
  return (
    <Stack>
      {c.status !== 'sent' && c.status !== 'cancelled' && <TestSend campaign={c} />}
      <Moves campaign={c} onDeleted={onDeleted} />
    </Stack>
  );
}

function TestSend({ campaign: c }: { campaign: Campaign }) {
  const [emails, setEmails] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<MailingTestCampaignMutation['sendMailerCampaignTest'] | null>(null);
  const test = useAction(MailingTestCampaignDocument);
  async function send() {
    setOutcome(null);
    const done = await test.run({ id: c.id, emails });
    if (done.ok) setOutcome(done.data.sendMailerCampaignTest);
  }
  return (
    <Panel title="Test send" result={{ data: c, fetching: false }}>
      {() => (
        <Stack gap="xs">
          <TagsInput
            label="Test addresses"
            description="Up to 10; the subject is marked [Test]. Nothing is recorded."
            value={emails}
            onChange={setEmails}
            maxTags={10}
            splitChars={[',', ' ']}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void send()} disabled={!emails.length} loading={test.fetching}>
              Send test
            </Button>
          </Group>
          {outcome && (
            <Alert color={outcome.failed.length ? 'orange' : 'green'} data-testid="test-outcome">
              {outcome.sent.length > 0 && <Text size="sm">Sent to {outcome.sent.join(', ')}.</Text>}
              {outcome.failed.length > 0 && (
                <List size="sm">
                  {outcome.failed.map((f) => (
                    <List.Item key={f.email}>
                      {f.email}: {f.error}
                    </List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
        </Stack>
      )}
    </Panel>
  );
}

/** datetime-local's value (the browser's time zone) as an instant. */
const localToIso = (value: string) => (value ? new Date(value).toISOString() : undefined);

function Moves({ campaign: c, onDeleted }: { campaign: Campaign; onDeleted: () => void }) {
  const [sendAt, setSendAt] = useState('');
  const send = useAction(MailingSendCampaignDocument);
  const unschedule = useAction(MailingUpdateCampaignDocument);
  const pause = useAction(MailingPauseCampaignDocument);
  const resume = useAction(MailingResumeCampaignDocument);
  const cancel = useAction(MailingCancelCampaignDocument);
  const remove = useAction(MailingDeleteCampaignDocument);

  async function sendNow() {
    const ok = await confirmAction({
      title: `Send ${c.name} now?`,
      message: `Every subscribed member of its lists, tags and segments receives “${c.subject || c.name}” now. A sent message cannot be taken back.`,
      action: 'Send now',
      danger: false,
    });
    if (ok) await send.run({ id: c.id }, { success: `${c.name} is sending.` });
  }
  async function schedule() {
    await send.run({ id: c.id, sendAt: localToIso(sendAt) }, { success: `${c.name} scheduled.` });
  }
  async function cancelIt() {
    const ok = await confirmAction({
      title: `Cancel ${c.name}?`,
      message: c.stats.queued
        ? `${c.stats.queued} recipient(s) not mailed yet will never receive it. A cancelled campaign cannot be resumed.`
        : 'The campaign will not be sent. A cancelled campaign cannot be resumed.',
      action: 'Cancel campaign',
    });
    if (ok) await cancel.run({ id: c.id }, { success: `${c.name} cancelled.` });
  }
  async function del() {
    const ok = await confirmAction({
      title: `Delete ${c.name}?`,
      message: `${c.name} is deleted for good${c.stats.recipients ? `, with the delivery records of its ${c.stats.recipients} recipient(s) and their opens and clicks` : ''}.`,
      action: 'Delete campaign',
    });
    if (ok && (await remove.run({ id: c.id }, { success: `${c.name} deleted.` })).ok) onDeleted();
  }

  return (
    <Panel title="Send" result={{ data: c, fetching: false }} testId="campaign-moves">
      {() => (
        <Stack gap="sm">
          {c.status === 'draft' && (
            <>
              <Button onClick={() => void sendNow()} loading={send.fetching}>
                Send now…
              </Button>
              <TextInput
                type="datetime-local"
                label="Or send at"
                description="In your time zone."
                value={sendAt}
                onChange={(e) => setSendAt(e.currentTarget.value)}
              />
              <Button variant="default" onClick={() => void schedule()} disabled={!sendAt} loading={send.fetching}>
                Schedule
              </Button>
            </>
          )}
          {c.status === 'scheduled' && (
            <>
              <Text size="sm">Starts {formatDateTime(c.sendAt)}.</Text>
              <Button onClick={() => void sendNow()} loading={send.fetching}>
                Send now…
              </Button>
              <Button
                variant="default"
                onClick={() =>
                  void unschedule.run(
                    { id: c.id, input: { status: 'draft' } },
                    { success: `${c.name} is a draft again.` },
                  )
                }
                loading={unschedule.fetching}
              >
                Unschedule
              </Button>
            </>
          )}
          {c.status === 'sending' && (
            <Button
              variant="default"
              onClick={() => void pause.run({ id: c.id }, { success: `${c.name} paused.` })}
              loading={pause.fetching}
            >
              Pause
            </Button>
          )}
          {c.status === 'paused' && (
            <Button
              onClick={() => void resume.run({ id: c.id }, { success: `${c.name} resumed.` })}
              loading={resume.fetching}
            >
              Resume
            </Button>
          )}
          {(c.status === 'scheduled' || c.status === 'sending' || c.status === 'paused') && (
            <Button variant="default" color="red" onClick={() => void cancelIt()} loading={cancel.fetching}>
              Cancel campaign…
            </Button>
          )}
          {c.status !== 'sending' && (
            <Button variant="subtle" color="red" onClick={() => void del()} loading={remove.fetching}>
              Delete campaign…
            </Button>
          )}
          {(c.status === 'sent' || c.status === 'cancelled') && (
            <Text size="sm" c="dimmed">
              Subject “{c.subject}” from {c.fromName || c.fromEmail || 'MAIL_FROM'}.
            </Text>
          )}
        </Stack>
      )}
    </Panel>
  );
}
