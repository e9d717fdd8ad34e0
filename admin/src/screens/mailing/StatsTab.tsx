// The audience's figures: subscribers by status, new subscribers per day over 30 days (chart and numbers), each list's
// members, and the latest campaigns' delivery (with those waiting to retry, as the campaigns list says), opens and
// clicks.
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Grid, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { formatPercent } from '../../components/format.ts';
import { Panel } from '../../components/Panel.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { refreshOn } from '../../components/useListState.ts';
import { MailingStatsDocument } from '../../gql/graphql.ts';
import { WaitingToRetry } from './WaitingToRetry.tsx';

const context = refreshOn('MailerSubscriber', 'MailerList', 'MailerCampaign');

export function StatsTab() {
  const [result] = useQuery({ query: MailingStatsDocument, context });
  return (
    <>
      <ScreenHeader
        title="Audience"
        description="Who is on the mailing list, how it grows, and how the latest campaigns did."
      />
      <Stack>
        <Panel title="Subscribers" result={result} testId="audience-status">
          {({ mailerStats: s }) => (
            <SimpleGrid cols={{ base: 2, md: 5 }}>
              {(
                [
                  ['Total', s.total],
                  ['Subscribed', s.byStatus.subscribed],
                  ['Unconfirmed', s.byStatus.unconfirmed],
                  ['Unsubscribed', s.byStatus.unsubscribed],
                  ['Bounced', s.byStatus.bounced],
                ] as const
              ).map(([label, value]) => (
                <Stack gap={0} key={label}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {label}
                  </Text>
                  <Text fz={24} fw={700}>
                    {value}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          )}
        </Panel>
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Panel title="New subscribers, last 30 days" result={result}>
              {({ mailerStats: s }) => (
                <>
                  <BarChart
                    h={180}
                    data={s.growth.map((d) => ({ day: d.date.slice(5), New: d.count }))}
                    dataKey="day"
                    series={[{ name: 'New', color: 'indigo.6' }]}
                    tickLine="none"
                  />
                  <Text size="xs" c="dimmed">
                    {s.growth
                      .filter((d) => d.count)
                      .map((d) => `${d.date}: ${d.count}`)
                      .join(', ') || 'No new subscriber in 30 days.'}
                  </Text>
                </>
              )}
            </Panel>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Panel title="Lists" result={result}>
              {({ mailerStats: s }) => (
                <Table>
                  <caption className="sr-only">Members per list</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">List</Table.Th>
                      <Table.Th scope="col">Members</Table.Th>
                      <Table.Th scope="col">Mailed</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.lists.map((l) => (
                      <Table.Tr key={l.id}>
                        <Table.Td>{l.name}</Table.Td>
                        <Table.Td>{l.total}</Table.Td>
                        <Table.Td>{l.subscribed}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Panel>
          </Grid.Col>
        </Grid>
        <Panel title="Latest campaigns" result={result}>
          {({ mailerStats: s }) => (
            <Table.ScrollContainer minWidth={640}>
              <Table>
                <caption className="sr-only">Latest campaigns with their figures</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Campaign</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Sent</Table.Th>
                    <Table.Th scope="col">Failed</Table.Th>
                    <Table.Th scope="col">Opened</Table.Th>
                    <Table.Th scope="col">Clicked</Table.Th>
                    <Table.Th scope="col">Unsubscribed</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.recentCampaigns.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.name}</Table.Td>
                      <Table.Td>{c.status}</Table.Td>
                      <Table.Td>
                        {c.stats.sent} of {c.stats.recipients}
                        <WaitingToRetry deferred={c.stats.deferred} />
                      </Table.Td>
                      <Table.Td>{c.stats.failed}</Table.Td>
                      <Table.Td>
                        {c.stats.uniqueOpens} ({formatPercent(c.stats.openRate)})
                      </Table.Td>
                      <Table.Td>
                        {c.stats.uniqueClicks} ({formatPercent(c.stats.clickRate)})
                      </Table.Td>
                      <Table.Td>{c.stats.unsubscribes}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Panel>
      </Stack>
    </>
  );
}
