// "N waiting to retry" under a campaign's delivery figures when some of its queued recipients were refused for now by
// the SMTP server and wait for their next attempt (stats.deferred, a part of queued); nothing when none do, so a
// campaign without retries says nothing of them. The campaigns list and the Audience tab say it alike; the campaign's
// own page shows it as a figure (CampaignDelivery).
import { Text } from '@mantine/core';

export function WaitingToRetry({ deferred }: { deferred: number }) {
  return deferred > 0 ? (
    <Text size="xs" c="dimmed">
      {deferred} waiting to retry
    </Text>
  ) : null;
}
