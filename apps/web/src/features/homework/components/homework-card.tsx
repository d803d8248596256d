import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  HOMEWORK_TEXT_MAX_LENGTH,
  type HomeworkStatus,
  type LearnerHomework,
} from '@tokenly/contract/homework';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useAttachAnswerFile, useSubmitHomework } from '../api/homework';
import { AttachFile, HomeworkFiles } from './homework-files';

const STATUS = {
  due: { color: 'orange.9', label: 'learner.homework.status.due' },
  submitted: { color: 'blue.9', label: 'learner.homework.status.submitted' },
  done: { color: 'teal.9', label: 'learner.homework.status.done' },
} as const satisfies Record<HomeworkStatus, { color: string; label: string }>;

/**
 * One task as the learner sees it: the class, when it is due, the teacher's words, the learner's answer
 * (a form until the teacher marks it done) and the teacher's comment.
 */
export function HomeworkCard({ homework, showClass }: { homework: LearnerHomework; showClass: boolean }) {
  const t = useT();
  const submit = useSubmitHomework();
  const attachFile = useAttachAnswerFile();
  const [text, setText] = useState(homework.submission?.text ?? '');
  const done = homework.status === 'done';
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      await submit.mutateAsync({ taskId: homework.id, text });
      dialog.saved(t('learner.homework.saved'));
    } catch (error) {
      dialog.failure(error, () => void send());
    }
  };
  const heading = t('learner.homework.taskFor', { title: homework.class_title });
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={heading}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {showClass ? (
              <Anchor component={Link} to={ROUTES.classPage(homework.schedule_id)}>
                {heading}
              </Anchor>
            ) : (
              heading
            )}
          </Title>
          <Badge color={STATUS[homework.status].color} variant="filled">
            {t(STATUS[homework.status].label)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('learner.homework.due', { date: formatDateTime(homework.due_at) })}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{homework.text}</Text>
        <HomeworkFiles files={homework.files} />
        {homework.submission?.comment && (
          <Paper bg="gray.0" p="sm" radius="sm">
            <Text size="sm" fw={600}>
              {t('learner.homework.comment', { name: homework.submission.reviewer_name ?? '' })}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{homework.submission.comment}</Text>
          </Paper>
        )}
        {done ? (
          <>
            <Text size="sm" fw={600}>
              {t('learner.homework.yourAnswer')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{homework.submission?.text}</Text>
            <HomeworkFiles files={homework.submission?.files ?? []} />
          </>
        ) : (
          <Stack gap="xs" component="form" onSubmit={send}>
            <Textarea
              label={t('learner.homework.yourAnswer')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={HOMEWORK_TEXT_MAX_LENGTH}
              required
            />
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {homework.submission
                  ? t('learner.homework.handedIn', { date: formatDateTime(homework.submission.submitted_at) })
                  : ''}
              </Text>
              <Button type="submit" loading={submit.isPending} disabled={text.trim() === ''}>
                {homework.submission
                  ? t('learner.homework.update', { title: homework.class_title })
                  : t('learner.homework.handIn', { title: homework.class_title })}
              </Button>
            </Group>
            {homework.submission && (
              <>
                <HomeworkFiles files={homework.submission.files} />
                <AttachFile
                  label={t('learner.homework.attach')}
                  attached={t('learner.homework.attached')}
                  attach={(file) => attachFile.mutateAsync({ taskId: homework.id, file })}
                />
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
