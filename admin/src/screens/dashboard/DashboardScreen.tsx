// 1. Dashboard: the site at a glance. Each card is its own query, shown only to users who may read it, so one
// refusal or a module with nothing yet (no health scan) never blanks the others.
import { SimpleGrid } from '@mantine/core';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { CampaignCard } from './CampaignCard.tsx';
import { EntriesCard } from './EntriesCard.tsx';
import { HealthCard } from './HealthCard.tsx';
import { JobsCard } from './JobsCard.tsx';
import { MembersCard } from './MembersCard.tsx';

export default function DashboardScreen() {
  const { can } = useSession();
  return (
    <>
      <ScreenHeader title="Dashboard" description="How the site is doing today." />
      {can('member_view_reports') && <MembersCard />}
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
        {can('manage_options') && <HealthCard />}
        {can('mailer_manage') && <CampaignCard />}
        {can('forms_view_entries') && <EntriesCard />}
        {can('manage_options') && <JobsCard />}
      </SimpleGrid>
    </>
  );
}
