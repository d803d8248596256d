import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { HOMEWORK_STATUSES, type LearnerHomework } from '@tokenly/contract/homework';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { userHomeworkQuery } from '../api/homework';
import { HomeworkCard } from './homework-card';

/** /user/homework: every task of the learner's booked classes, what is to do first, then handed in, then done. */
export function HomeworkPage() {
  const t = useT();
  usePageTitle(t('learner.homework.title'));
  const homework = useQuery(userHomeworkQuery());
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('learner.homework.title')}</Title>
        <Text c="dimmed">{t('learner.homework.intro')}</Text>
      </div>
      <QueryState query={homework} what={t('learner.homework.what')}>
        {(list) =>
          list.length === 0 ? (
            <Text>{t('learner.homework.empty')}</Text>
          ) : (
            HOMEWORK_STATUSES.map((status) => (
              <HomeworkGroup
                key={status}
                status={status}
                list={list.filter((row) => row.status === status)}
              />
            ))
          )
        }
      </QueryState>
    </Stack>
  );
}

const SECTION = {
  due: 'learner.homework.section.due',
  submitted: 'learner.homework.section.submitted',
  done: 'learner.homework.section.done',
} as const satisfies Record<LearnerHomework['status'], string>;

function HomeworkGroup({ status, list }: { status: LearnerHomework['status']; list: LearnerHomework[] }) {
  const t = useT();
  if (list.length === 0) return null;
  // What is still to do comes soonest due first; the rest latest first.
  const ordered = status === 'due' ? [...list].reverse() : list;
  return (
    <Stack gap="sm" component="section" aria-labelledby={`homework-${status}`}>
      <Title order={2} size="h3" id={`homework-${status}`}>
        {t(SECTION[status])}
      </Title>
      {ordered.map((homework) => (
        <HomeworkCard key={homework.id} homework={homework} showClass />
      ))}
    </Stack>
  );
}
