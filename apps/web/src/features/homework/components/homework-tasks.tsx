import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  HOMEWORK_TEXT_MAX_LENGTH,
  type HomeworkSubmission,
  type HomeworkTask,
} from '@tokenly/contract/homework';
import { type FormEvent, useState } from 'react';
import { dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { classHomeworkQuery, useAttachTaskFile, useReviewHomework, useSetHomework } from '../api/homework';
import { AttachFile, HomeworkFiles } from './homework-files';

// The homework of a class as its teacher (and an administrator) manage it: set a task, read each
// learner's answer, comment and mark it done. English only, as the teacher's and admin screens are.

/** An instant as a datetime-local field's value, in the browser's zone: 2026-11-28T09:30. */
const localMinute = (instant: Date) =>
  new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

function SetHomeworkForm({ classId, zone }: { classId: string; zone: string }) {
  const set = useSetHomework(classId);
  const [text, setText] = useState('');
  // A week from now by default: the usual time between two weekly classes.
  const [due, setDue] = useState(() => localMinute(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000)));
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      // A datetime-local value without an offset is read in the browser's zone.
      await set.mutateAsync({ text, due_at: new Date(due).toISOString() });
      setText('');
      dialog.saved('Homework set: the learners booked on the class see it now.');
    } catch (error) {
      dialog.failure(error, () => void submit());
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Set homework">
      <Stack gap="sm">
        <Textarea
          label="Task"
          description="What the learners should do; they answer in writing."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={HOMEWORK_TEXT_MAX_LENGTH}
          required
        />
        <TextInput
          type="datetime-local"
          label="Due"
          description={`In your browser's time zone; learners see it in theirs (listed here in ${zone}).`}
          value={due}
          onChange={(event) => setDue(event.currentTarget.value)}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" loading={set.isPending} disabled={text.trim() === '' || due === ''}>
            Set homework
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ReviewForm({
  classId,
  submission,
  zone,
}: {
  classId: string;
  submission: HomeworkSubmission;
  zone: string;
}) {
  const review = useReviewHomework(classId);
  const [comment, setComment] = useState(submission.comment);
  const [done, setDone] = useState(submission.done_at !== null);
  const name = submission.learner_name;
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      await review.mutateAsync({ submissionId: submission.id, comment, done });
      dialog.saved(`Review of ${name}'s answer saved.`);
    } catch (error) {
      dialog.failure(error, () => void submit());
    }
  };
  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} aria-label={`Answer of ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{name}</Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {`Handed in ${formatDateTime(submission.submitted_at, zone)}`}
            </Text>
            {submission.done_at && (
              <Badge color="teal.9" variant="filled">
                Done
              </Badge>
            )}
          </Group>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{submission.text}</Text>
        <HomeworkFiles files={submission.files} />
        <Textarea
          label={`Comment for ${name}`}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={HOMEWORK_TEXT_MAX_LENGTH}
        />
        <Group justify="space-between" wrap="wrap">
          <Checkbox
            label={`Mark ${name}'s answer done`}
            checked={done}
            onChange={(event) => setDone(event.currentTarget.checked)}
          />
          <Button type="submit" loading={review.isPending}>
            {`Save the review of ${name}'s answer`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function TaskCard({
  classId,
  task,
  zone,
  learners,
}: {
  classId: string;
  task: HomeworkTask;
  zone: string;
  learners: number;
}) {
  const attachFile = useAttachTaskFile(classId);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`Homework due ${formatDateTime(task.due_at, zone)}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{`Due ${formatDateTime(task.due_at, zone)}`}</Text>
          <Text size="sm" c="dimmed">
            {`${task.submissions.length} of ${learners} answered · set by ${task.author_name}`}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{task.text}</Text>
        <HomeworkFiles files={task.files} />
        <AttachFile
          label="Attach a file to the task"
          attached="File attached: the learners can download it."
          attach={(file) => attachFile.mutateAsync({ taskId: task.id, file })}
        />
        {task.submissions.map((submission) => (
          <ReviewForm key={submission.id} classId={classId} submission={submission} zone={zone} />
        ))}
      </Stack>
    </Paper>
  );
}

/** The class screen's Homework section: the tasks with their answers, and the form to set one. */
export function HomeworkTasks({
  classId,
  zone,
  learners,
  canSet,
}: {
  classId: string;
  zone: string;
  /** How many learners are booked: who can answer. */
  learners: number;
  /** A cancelled class takes no new task. */
  canSet: boolean;
}) {
  const tasks = useQuery(classHomeworkQuery(classId));
  return (
    <Stack gap="sm" component="section" aria-labelledby="homework-title">
      <Title order={2} size="h3" id="homework-title">
        Homework
      </Title>
      <Text size="sm" c="dimmed">
        Learners booked on the class see the task on their class page and Homework list, and get a reminder a
        day before it is due if they have not answered.
      </Text>
      <QueryState query={tasks} what="the homework">
        {(list) => (
          <Stack gap="sm">
            {list.map((task) => (
              <TaskCard key={task.id} classId={classId} task={task} zone={zone} learners={learners} />
            ))}
          </Stack>
        )}
      </QueryState>
      {canSet && <SetHomeworkForm classId={classId} zone={zone} />}
    </Stack>
  );
}
