// A quiz: its settings and its questions, each with its type, options and right answer. The whole list is saved at
// once (the server numbers the questions in the order given); its checks (a single-choice question names one of its
// own options…) show beside the question they are about.
import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
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
import { Link } from 'wouter';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import {
  LearningQuizDocument,
  LearningUpdateQuizDocument,
  type MemberPublishStatus,
  type MemberQuestionType,
  type QuizFieldsFragment,
} from '../../gql/graphql.ts';

interface QuestionDraft {
  type: MemberQuestionType;
  prompt: string;
  points: number;
  options: { id: string; text: string }[];
  /** single: an option id; multiple: ids; true_false: 'true' | 'false'; short_answer: accepted texts, one per line. */
  answer: string | string[];
}

const TYPES: { value: MemberQuestionType; label: string }[] = [
  { value: 'single', label: 'One right option' },
  { value: 'multiple', label: 'Several right options' },
  { value: 'true_false', label: 'True or false' },
  { value: 'short_answer', label: 'Short answer' },
];
const letter = (i: number) => String.fromCharCode(97 + i);

function toDraft(q: NonNullable<QuizFieldsFragment['questions']>[number]): QuestionDraft {
  const a = q.answer;
  const answer =
    q.type === 'true_false'
      ? String(a)
      : q.type === 'short_answer'
        ? Array.isArray(a)
          ? a.join('\n')
          : String(a ?? '')
        : q.type === 'multiple'
          ? ((a as string[]) ?? [])
          : String(a ?? '');
  return {
    type: q.type,
    prompt: q.prompt,
    points: q.points,
    options: q.options.map((o) => ({ id: o.id, text: o.text })),
    answer,
  };
}

function toInput(q: QuestionDraft) {
  const choice = q.type === 'single' || q.type === 'multiple';
  const answer =
    q.type === 'true_false'
      ? q.answer === 'true'
      : q.type === 'short_answer'
        ? String(q.answer)
            .split('\n')
            .map((s) => s.trim())
            .filter(Boolean)
        : q.answer;
  return { type: q.type, prompt: q.prompt, points: q.points, options: choice ? q.options : undefined, answer };
}

/** A new type's empty answer (an answer of another type would not fit it). */
const EMPTY_ANSWER: Record<MemberQuestionType, QuestionDraft['answer']> = {
  single: '',
  multiple: [],
  true_false: 'true',
  short_answer: '',
};

const blank = (): QuestionDraft => ({
  type: 'single',
  prompt: '',
  points: 1,
  options: [
    { id: 'a', text: '' },
    { id: 'b', text: '' },
  ],
  answer: 'a',
});

export function QuizEditor({ id }: { id: number }) {
  const [result] = useQuery({ query: LearningQuizDocument, variables: { id } });
  const update = useAction(LearningUpdateQuizDocument);
  const quiz = result.data?.memberQuiz;
  const form = useForm({
    initialValues: {
      title: '',
      passPercent: 70,
      maxAttempts: 0,
      status: 'draft' as MemberPublishStatus,
      questions: [] as QuestionDraft[],
    },
  });
  useEffect(() => {
    if (!quiz) return;
    form.setValues({
      title: quiz.title,
      passPercent: quiz.passPercent,
      maxAttempts: quiz.maxAttempts,
      status: quiz.status,
      questions: (quiz.questions ?? []).map(toDraft),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quiz?.id]);

  const submit = form.onSubmit(async (v) => {
    await update.run(
      {
        id,
        input: {
          title: v.title,
          passPercent: v.passPercent,
          maxAttempts: v.maxAttempts,
          status: v.status,
          questions: v.questions.map(toInput),
        },
      },
      { form, success: 'Quiz saved.' },
    );
  });

  return (
    <>
      {quiz && (
        <Anchor component={Link} href={`/lessons/${quiz.lessonId}`} size="sm">
          ← Lesson
        </Anchor>
      )}
      <ScreenHeader title={quiz ? `Quiz: ${quiz.title}` : 'Quiz'} />
      <ErrorAlert error={result.error} />
      {quiz && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <ErrorAlert error={update.formError} />
            <Group grow align="flex-start">
              <TextInput label="Title" required {...form.getInputProps('title')} />
              <NumberInput label="Pass mark (%)" min={0} max={100} {...form.getInputProps('passPercent')} />
              <NumberInput
                label="Attempts allowed"
                description="0: unlimited"
                min={0}
                {...form.getInputProps('maxAttempts')}
              />
              <Select
                label="Status"
                data={['draft', 'published']}
                allowDeselect={false}
                {...form.getInputProps('status')}
              />
            </Group>
            {form.values.questions.map((q, i) => (
              <QuestionBox key={i} index={i} question={q} form={form} />
            ))}
            <Group justify="space-between">
              <Button variant="default" onClick={() => form.insertListItem('questions', blank())}>
                Add a question
              </Button>
              <Button type="submit" loading={update.fetching}>
                Save quiz
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function QuestionBox({ index: i, question: q, form }: { index: number; question: QuestionDraft; form: any }) {
  const path = `questions.${i}`;
  const choice = q.type === 'single' || q.type === 'multiple';
  const answerError = form.errors[`${path}.answer`] as string | undefined;
  return (
    <Paper withBorder p="md" component="fieldset" aria-label={`Question ${i + 1}`} data-testid={`question-${i + 1}`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Question {i + 1}
        </Title>
        <Button
          size="xs"
          variant="default"
          color="red"
          onClick={() => form.removeListItem('questions', i)}
          aria-label={`Remove question ${i + 1}`}
        >
          Remove
        </Button>
      </Group>
      <Stack gap="xs">
        <Group grow align="flex-start">
          <Select
            label="Type"
            data={TYPES}
            allowDeselect={false}
            value={q.type}
            onChange={(v) => {
              if (!v || v === q.type) return;
              form.setFieldValue(`${path}.type`, v);
              form.setFieldValue(`${path}.answer`, EMPTY_ANSWER[v as MemberQuestionType]);
            }}
          />
          <NumberInput label="Points" min={0} {...form.getInputProps(`${path}.points`)} />
        </Group>
        <TextInput label="Question" required {...form.getInputProps(`${path}.prompt`)} />
        {choice && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`q${i}-options`}>
              Options ({q.type === 'single' ? 'mark the right one' : 'mark every right one'})
            </Text>
            {q.type === 'single' ? (
              <Radio.Group
                value={String(q.answer)}
                onChange={(v) => form.setFieldValue(`${path}.answer`, v)}
                aria-labelledby={`q${i}-options`}
                error={answerError}
              >
                <Stack gap={4}>
                  {q.options.map((o, j) => (
                    <Group key={o.id} wrap="nowrap">
                      <Radio value={o.id} aria-label={`Option ${o.id} is right`} />
                      <TextInput
                        aria-label={`Option ${o.id}`}
                        {...form.getInputProps(`${path}.options.${j}.text`)}
                        style={{ flex: 1 }}
                      />
                    </Group>
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              <Checkbox.Group
                value={q.answer as string[]}
                onChange={(v) => form.setFieldValue(`${path}.answer`, v)}
                aria-labelledby={`q${i}-options`}
                error={answerError}
              >
                <Stack gap={4}>
                  {q.options.map((o, j) => (
                    <Group key={o.id} wrap="nowrap">
                      <Checkbox value={o.id} aria-label={`Option ${o.id} is right`} />
                      <TextInput
                        aria-label={`Option ${o.id}`}
                        {...form.getInputProps(`${path}.options.${j}.text`)}
                        style={{ flex: 1 }}
                      />
                    </Group>
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            <Group>
              <Button
                size="xs"
                variant="default"
                onClick={() => form.insertListItem(`${path}.options`, { id: letter(q.options.length), text: '' })}
              >
                Add an option
              </Button>
              {q.options.length > 2 && (
                <ActionIcon
                  variant="default"
                  aria-label="Remove the last option"
                  onClick={() => form.removeListItem(`${path}.options`, q.options.length - 1)}
                >
                  −
                </ActionIcon>
              )}
            </Group>
          </Stack>
        )}
        {q.type === 'true_false' && (
          <Radio.Group
            label="The statement is"
            value={String(q.answer)}
            onChange={(v) => form.setFieldValue(`${path}.answer`, v)}
            error={answerError}
          >
            <Group>
              <Radio value="true" label="True" />
              <Radio value="false" label="False" />
            </Group>
          </Radio.Group>
        )}
        {q.type === 'short_answer' && (
          <Textarea
            label="Accepted answers"
            description="One per line; case and spaces are ignored."
            autosize
            minRows={2}
            {...form.getInputProps(`${path}.answer`)}
          />
        )}
      </Stack>
    </Paper>
  );
}
