// A lesson: its title, content (block markup or HTML, as learners get it), video and length, whether it is published,
// and its quiz (opened, or made).
import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useQuery } from 'urql';
import { Link, useLocation } from 'wouter';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import {
  LearningCreateQuizDocument,
  LearningLessonDocument,
  LearningUpdateLessonDocument,
  type MemberPublishStatus,
} from '../../gql/graphql.ts';

export function LessonEditor({ id }: { id: number }) {
  const [result] = useQuery({ query: LearningLessonDocument, variables: { id } });
  const update = useAction(LearningUpdateLessonDocument);
  const createQuiz = useAction(LearningCreateQuizDocument);
  const [, navigate] = useLocation();
  const lesson = result.data?.memberLesson;
  const form = useForm({
    initialValues: {
      title: '',
      content: '',
      videoUrl: '',
      durationMinutes: 0 as number | '',
      status: 'draft' as MemberPublishStatus,
    },
  });
  useEffect(() => {
    if (!lesson) return;
    const values = {
      title: lesson.title,
      content: lesson.content ?? '',
      videoUrl: lesson.videoUrl ?? '',
      durationMinutes: lesson.durationMinutes,
      status: lesson.status,
    };
    form.setValues(values);
    form.resetDirty(values);
    // Only when another lesson (or its first answer) arrives: later answers are this form's own saves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson?.id]);

  const submit = form.onSubmit(async (v) => {
    await update.run(
      {
        id,
        input: {
          title: v.title,
          content: v.content,
          videoUrl: v.videoUrl.trim() || undefined,
          durationMinutes: v.durationMinutes === '' ? undefined : v.durationMinutes,
          status: v.status,
        },
      },
      { form, success: 'Lesson saved.' },
    );
  });
  const addQuiz = async () => {
    if (!lesson) return;
    const done = await createQuiz.run(
      { input: { lessonId: lesson.id, title: `${lesson.title} quiz`, status: 'draft' } },
      { success: 'Quiz created.' },
    );
    if (done.ok) navigate(`/quizzes/${done.data.createMemberQuiz.id}`);
  };

  return (
    <>
      {lesson && (
        <Anchor component={Link} href={`/courses/${lesson.courseId}`} size="sm">
          ← Course outline
        </Anchor>
      )}
      <ScreenHeader title={lesson ? `Lesson: ${lesson.title}` : 'Lesson'} />
      <ErrorAlert error={result.error} />
      {lesson && (
        <Stack>
          <form onSubmit={submit} noValidate>
            <Stack>
              <ErrorAlert error={update.formError} />
              <TextInput label="Title" required {...form.getInputProps('title')} />
              <Textarea
                label="Content"
                description="Block markup or HTML, as learners see it."
                autosize
                minRows={8}
                {...form.getInputProps('content')}
              />
              <Group grow align="flex-start">
                <TextInput label="Video URL" placeholder="https://…" {...form.getInputProps('videoUrl')} />
                <NumberInput label="Length (minutes)" min={0} {...form.getInputProps('durationMinutes')} />
                <Select
                  label="Status"
                  data={['draft', 'published']}
                  allowDeselect={false}
                  {...form.getInputProps('status')}
                />
              </Group>
              <Group justify="flex-end">
                <Button type="submit" loading={update.fetching}>
                  Save lesson
                </Button>
              </Group>
            </Stack>
          </form>
          <Paper withBorder p="md" component="section" aria-label="Quiz">
            <Title order={2} size="h4" mb="xs">
              Quiz
            </Title>
            {lesson.quiz ? (
              <Anchor component={Link} href={`/quizzes/${lesson.quiz.id}`}>
                {lesson.quiz.title} ({lesson.quiz.questionCount} questions)
              </Anchor>
            ) : (
              <Group>
                <Text size="sm">This lesson has no quiz.</Text>
                <Button variant="default" size="xs" onClick={() => void addQuiz()} loading={createQuiz.fetching}>
                  Add a quiz
                </Button>
              </Group>
            )}
          </Paper>
        </Stack>
      )}
    </>
  );
}
