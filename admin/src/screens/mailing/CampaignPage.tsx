// A campaign: the composer while it can be edited, the test send, send now or schedule, and — once it has started —
// its delivery progress (asked again every second while it is sending) with pause, resume and cancel, then its stats.
import { Anchor, Badge, Grid, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useQuery } from 'urql';
import { Link, useLocation } from 'wouter';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { refreshOn } from '../../components/useListState.ts';
import { MailingCampaignDocument } from '../../gql/graphql.ts';
import { CampaignDelivery } from './CampaignDelivery.tsx';
import { CampaignForm } from './CampaignForm.tsx';
import { CampaignSend } from './CampaignSend.tsx';
import { campaignColor, editable } from './campaignStatus.ts';

const context = refreshOn('MailerCampaign');
/** How often a sending campaign's progress is asked again. */
const POLL_MS = 1000;

export function CampaignPage({ id }: { id?: number }) {
  const [, navigate] = useLocation();
  const [result, refetch] = useQuery({
    query: MailingCampaignDocument,
    variables: { id: id ?? 0 },
    pause: !id,
    context,
  });
  const campaign = result.data?.mailerCampaign;
  const sending = campaign?.status === 'sending';
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearInterval(timer);
  }, [sending, refetch]);

  const back = (
    <Anchor component={Link} href="/campaigns" size="sm">
      ← Campaigns
    </Anchor>
  );
  if (!id) {
    return (
      <>
        {back}
        <ScreenHeader
          title="New campaign"
          description="Write it, choose who receives it, then send a test before sending it."
        />
        <CampaignForm onCreated={(created) => navigate(`/campaigns/${created}`, { replace: true })} />
      </>
    );
  }
  return (
    <>
      {back}
      <ScreenHeader
        title={campaign?.name ?? 'Campaign'}
        description={
          campaign &&
          `Created ${formatDateTime(campaign.createdAt)} · last changed ${formatDateTime(campaign.updatedAt)}`
        }
        actions={
          campaign && (
            <Badge size="lg" color={campaignColor(campaign.status)} data-testid="campaign-status">
              {campaign.status}
            </Badge>
          )
        }
      />
      <ErrorAlert error={result.error} />
      {campaign && (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              {campaign.status !== 'draft' && <CampaignDelivery campaign={campaign} />}
              {editable(campaign.status) && <CampaignForm key={campaign.updatedAt} campaign={campaign} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <CampaignSend campaign={campaign} onDeleted={() => navigate('/campaigns', { replace: true })} />
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
