// Courses: learners enrolled and completed per course, with the completion rate and quiz average beside them.
import { BarChart } from '@mantine/charts';
import { Grid, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { formatPercent } from '../../components/format.ts';
import { Panel } from '../../components/Panel.tsx';
import { InsightCoursesDocument } from '../../gql/graphql.ts';
import { FiguresTable } from './FiguresTable.tsx';

export function CoursesSection() {
  const [result] = useQuery({ query: InsightCoursesDocument });
  return (
    <Panel title="Courses" result={result} testId="insight-courses">
      {({ memberCoursesReport: { items: courses } }) =>
        courses.length ? (
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <BarChart
                h={Math.max(160, courses.length * 48)}
                data={courses.map((c) => ({ course: c.title, Enrolled: c.enrolled, Completed: c.completed }))}
                dataKey="course"
                orientation="vertical"
                yAxisProps={{ width: 120 }}
                xAxisProps={{ allowDecimals: false }}
                series={[
                  { name: 'Enrolled', color: 'indigo.3' },
                  { name: 'Completed', color: 'indigo.7' },
                ]}
                withLegend
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <FiguresTable
                caption="Learners per course"
                headers={['Course', 'Enrolled', 'Completed', 'Completion', 'Quiz average']}
                rows={courses.map((c) => [
                  c.title,
                  c.enrolled,
                  c.completed,
                  c.enrolled ? formatPercent(c.completionRate) : '—',
                  c.avgQuizScore != null ? `${Math.round(c.avgQuizScore)} %` : '—',
                ])}
                testId="course-figures"
              />
            </Grid.Col>
          </Grid>
        ) : (
          <Text c="dimmed" size="sm">
            No course yet.
          </Text>
        )
      }
    </Panel>
  );
}
