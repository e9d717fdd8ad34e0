// A course's outline: its modules and their lessons in order, each movable up or down, publishable, and deletable
// after a question; new modules and lessons are added in place. A lesson opens its editor (content, video, quiz).
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link, useLocation } from 'wouter';
import { confirmAction } from '../../components/confirm.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn } from '../../components/useListState.ts';
import {
  LearningCourseDocument,
  LearningCreateLessonDocument,
  LearningCreateModuleDocument,
  LearningDeleteCourseDocument,
  LearningDeleteLessonDocument,
  LearningDeleteModuleDocument,
  LearningUpdateCourseDocument,
  LearningUpdateLessonDocument,
  LearningUpdateModuleDocument,
  type LearningCourseQuery,
  type MemberPublishStatus,
} from '../../gql/graphql.ts';
import { swapPositions } from './swap.ts';

type Module = LearningCourseQuery['memberCourse']['modules'][number];
type Lesson = Module['lessons'][number];
const context = refreshOn('MemberModule', 'MemberLesson', 'MemberQuiz');
const flip = (s: MemberPublishStatus): MemberPublishStatus => (s === 'published' ? 'draft' : 'published');

function StatusBadge({ status }: { status: MemberPublishStatus }) {
  return <Badge color={status === 'published' ? 'green' : 'gray'}>{status}</Badge>;
}

function MoveButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="sm"
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="sm"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </ActionIcon>
    </Group>
  );
}

function AddInline({ label, onAdd }: { label: string; onAdd: (title: string) => Promise<boolean> }) {
  const [title, setTitle] = useState('');
  const submit = async () => {
    if (title.trim() && (await onAdd(title.trim()))) setTitle('');
  };
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label={label}
        placeholder="Title"
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && void submit()}
      />
      <Button variant="default" onClick={() => void submit()} disabled={!title.trim()}>
        Add
      </Button>
    </Group>
  );
}

export function CourseOutline({ id }: { id: number }) {
  const [result] = useQuery({ query: LearningCourseDocument, variables: { id }, context });
  const [, navigate] = useLocation();
  const updateCourse = useAction(LearningUpdateCourseDocument);
  const deleteCourse = useAction(LearningDeleteCourseDocument);
  const createModule = useAction(LearningCreateModuleDocument);
  const course = result.data?.memberCourse;

  const remove = async () => {
    if (!course) return;
    const ok = await confirmAction({
      title: `Delete ${course.title}?`,
      message: `${course.title}, its ${course.modules.length} modules and their lessons and quizzes are deleted for good. A course with learners' progress cannot be deleted: unpublish it instead.`,
      action: 'Delete course',
    });
    if (ok && (await deleteCourse.run({ id: course.id }, { success: `${course.title} deleted.` })).ok) navigate('/');
  };

  return (
    <>
      <Anchor component={Link} href="/" size="sm">
        ← Courses
      </Anchor>
      <ScreenHeader
        title={course?.title ?? 'Course'}
        description={course?.description}
        actions={
          course && (
            <>
              <StatusBadge status={course.status} />
              <Button
                variant={course.status === 'published' ? 'default' : 'filled'}
                onClick={() =>
                  void updateCourse.run(
                    { id: course.id, input: { status: flip(course.status) } },
                    { success: course.status === 'published' ? 'Course unpublished.' : 'Course published.' },
                  )
                }
              >
                {course.status === 'published' ? 'Unpublish' : 'Publish course'}
              </Button>
              <Button variant="default" color="red" onClick={() => void remove()}>
                Delete
              </Button>
            </>
          )
        }
      />
      <ErrorAlert error={result.error} />
      {course && (
        <Stack>
          {course.modules.map((m, i) => (
            <ModuleBox key={m.id} module={m} index={i} siblings={course.modules} />
          ))}
          {!course.modules.length && <Text c="dimmed">No module yet: add the first one.</Text>}
          <AddInline
            label="New module"
            onAdd={async (title) =>
              (
                await createModule.run(
                  { input: { courseId: course.id, title } },
                  { success: `Module “${title}” added.` },
                )
              ).ok
            }
          />
        </Stack>
      )}
    </>
  );
}

function ModuleBox({ module: m, index, siblings }: { module: Module; index: number; siblings: Module[] }) {
  const updateModule = useAction(LearningUpdateModuleDocument);
  const deleteModule = useAction(LearningDeleteModuleDocument);
  const updateLesson = useAction(LearningUpdateLessonDocument);
  const deleteLesson = useAction(LearningDeleteLessonDocument);
  const createLesson = useAction(LearningCreateLessonDocument);

  const moveModule = (by: -1 | 1) =>
    void swapPositions((id, position) => updateModule.run({ id, input: { position } }), m, siblings[index + by]!);
  const moveLesson = (lessons: Lesson[], i: number, by: -1 | 1) =>
    void swapPositions((id, position) => updateLesson.run({ id, input: { position } }), lessons[i]!, lessons[i + by]!);

  const removeModule = async () => {
    const ok = await confirmAction({
      title: `Delete module ${m.title}?`,
      message: `${m.title} and its ${m.lessons.length} lessons (with their quizzes) are deleted for good.`,
      action: 'Delete module',
    });
    if (ok) await deleteModule.run({ id: m.id }, { success: `Module ${m.title} deleted.` });
  };
  const removeLesson = async (l: Lesson) => {
    const ok = await confirmAction({
      title: `Delete lesson ${l.title}?`,
      message: `${l.title}${l.quiz ? ' and its quiz' : ''} are deleted for good.`,
      action: 'Delete lesson',
    });
    if (ok) await deleteLesson.run({ id: l.id }, { success: `Lesson ${l.title} deleted.` });
  };

  return (
    <Paper withBorder p="md" component="section" aria-label={`Module ${m.title}`} data-testid={`module-${m.id}`}>
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <MoveButtons name={`module ${m.title}`} index={index} count={siblings.length} onMove={moveModule} />
          <Title order={2} size="h4">
            {m.title}
          </Title>
          <StatusBadge status={m.status} />
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => void updateModule.run({ id: m.id, input: { status: flip(m.status) } })}
          >
            {m.status === 'published' ? 'Unpublish' : 'Publish'}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => void removeModule()}
            aria-label={`Delete module ${m.title}`}
          >
            Delete
          </Button>
        </Group>
      </Group>
      <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Lessons of ${m.title}`}>
        {m.lessons.map((l, i) => (
          <Group component="li" key={l.id} justify="space-between" wrap="nowrap" data-testid="lesson">
            <Group gap="sm" wrap="nowrap">
              <MoveButtons
                name={l.title}
                index={i}
                count={m.lessons.length}
                onMove={(by) => moveLesson(m.lessons, i, by)}
              />
              <Anchor component={Link} href={`/lessons/${l.id}`} size="sm">
                {l.title}
              </Anchor>
              <StatusBadge status={l.status} />
              <Text size="xs" c="dimmed">
                {l.durationMinutes ? `${l.durationMinutes} min` : ''}
                {l.videoUrl ? ' · video' : ''}
              </Text>
              {l.quiz && (
                <Anchor component={Link} href={`/quizzes/${l.quiz.id}`} size="xs">
                  Quiz: {l.quiz.questionCount} questions
                </Anchor>
              )}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                variant="default"
                onClick={() => void updateLesson.run({ id: l.id, input: { status: flip(l.status) } })}
                aria-label={`${l.status === 'published' ? 'Unpublish' : 'Publish'} ${l.title}`}
              >
                {l.status === 'published' ? 'Unpublish' : 'Publish'}
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                onClick={() => void removeLesson(l)}
                aria-label={`Delete lesson ${l.title}`}
              >
                Delete
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <AddInline
        label={`New lesson in ${m.title}`}
        onAdd={async (title) =>
          (await createLesson.run({ input: { moduleId: m.id, title } }, { success: `Lesson “${title}” added.` })).ok
        }
      />
    </Paper>
  );
}
