// Courses: the list with each one's learners (enrolled, completed, completion rate, quiz average) when the user may
// read reports, and a new course.
import { Anchor, Badge, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link, useLocation } from 'wouter';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatPercent } from '../../components/format.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn, useListState } from '../../components/useListState.ts';
import {
  LearningCoursesDocument,
  LearningCoursesReportDocument,
  LearningCreateCourseDocument,
  type LearningCoursesQuery,
  type MemberPublishStatus,
} from '../../gql/graphql.ts';
import { useSession } from '../../session/SessionProvider.tsx';

type Row = LearningCoursesQuery['memberCourses']['items'][number];
const context = refreshOn('MemberCourse');

export function CoursesList() {
  const { can } = useSession();
  const list = useListState<{ status: MemberPublishStatus | undefined }>({ status: undefined });
  const [result] = useQuery({ query: LearningCoursesDocument, variables: list.variables, context });
  const [report] = useQuery({ query: LearningCoursesReportDocument, pause: !can('member_view_reports') });
  const stats = new Map(report.data?.memberCoursesReport.items.map((r) => [r.courseId, r]));
  const [creating, setCreating] = useState(false);

  const columns: Column<Row>[] = [
    {
      key: 'title',
      header: 'Course',
      render: (c) => (
        <Anchor component={Link} href={`/courses/${c.id}`} fw={600} size="sm">
          {c.title}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (c) => <Badge color={c.status === 'published' ? 'green' : 'gray'}>{c.status}</Badge>,
    },
    { key: 'outline', header: 'Outline', render: (c) => `${c.moduleCount} modules · ${c.lessonCount} lessons` },
  ];
  if (can('member_view_reports')) {
    columns.push(
      {
        key: 'learners',
        header: 'Learners',
        render: (c) =>
          stats.get(c.id) ? `${stats.get(c.id)!.completed} of ${stats.get(c.id)!.enrolled} completed` : '—',
      },
      {
        key: 'rate',
        header: 'Completion',
        render: (c) => (stats.get(c.id)?.enrolled ? formatPercent(stats.get(c.id)!.completionRate) : '—'),
      },
      {
        key: 'quiz',
        header: 'Quiz average',
        render: (c) =>
          stats.get(c.id)?.avgQuizScore != null ? `${Math.round(stats.get(c.id)!.avgQuizScore!)} %` : '—',
      },
    );
  }

  return (
    <>
      <ScreenHeader
        title="Courses"
        description="Build courses from modules and lessons; learners see them once published."
        actions={<Button onClick={() => setCreating(true)}>New course</Button>}
      />
      <Group mb="sm">
        <TextInput
          aria-label="Search courses"
          placeholder="Search courses"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
        />
        <Select
          aria-label="Course status"
          placeholder="Any status"
          clearable
          data={['draft', 'published']}
          value={list.filters.status ?? null}
          onChange={(v) => list.setFilters({ status: (v as MemberPublishStatus | null) ?? undefined })}
        />
      </Group>
      <DataTable
        caption="Courses"
        columns={columns}
        rows={result.data?.memberCourses.items}
        rowKey={(c) => c.id}
        fetching={result.fetching}
        error={result.error}
        empty="No course yet."
        paging={{
          page: list.page,
          totalPages: result.data?.memberCourses.totalPages ?? 0,
          total: result.data?.memberCourses.total ?? 0,
          onPage: list.setPage,
          noun: 'courses',
        }}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title="New course" size="lg">
        {creating && <NewCourse onDone={() => setCreating(false)} />}
      </Modal>
    </>
  );
}

function NewCourse({ onDone }: { onDone: () => void }) {
  const create = useAction(LearningCreateCourseDocument);
  const [, navigate] = useLocation();
  const form = useForm({ initialValues: { title: '', slug: '', description: '' } });
  const submit = form.onSubmit(async (v) => {
    const done = await create.run(
      { input: { title: v.title, slug: v.slug.trim() || undefined, description: v.description } },
      { form, success: `Course “${v.title}” created as a draft.` },
    );
    if (done.ok) {
      onDone();
      navigate(`/courses/${done.data.createMemberCourse.id}`);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={create.formError} />
        <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
        <TextInput label="Slug" description="Made from the title when empty." {...form.getInputProps('slug')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.fetching}>
            Create course
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
