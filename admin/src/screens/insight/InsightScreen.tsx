// 7. Insight: MRR, cohort retention (a heat map), courses, engagement. Every chart has its numbers beside it.
import '@mantine/charts/styles.css';
import { Stack } from '@mantine/core';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { CohortSection } from './CohortSection.tsx';
import { CoursesSection } from './CoursesSection.tsx';
import { EngagementSection } from './EngagementSection.tsx';
import { MrrSection } from './MrrSection.tsx';

export default function InsightScreen() {
  return (
    <>
      <ScreenHeader
        title="Insight"
        description="Revenue, retention, learning and activity, from the site's own data."
      />
      <Stack gap="lg">
        <MrrSection />
        <CohortSection />
        <CoursesSection />
        <EngagementSection />
      </Stack>
    </>
  );
}
