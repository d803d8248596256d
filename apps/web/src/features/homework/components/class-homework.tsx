import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { userHomeworkQuery } from '../api/homework';
import { HomeworkCard } from './homework-card';

/**
 * The class page's homework for a signed-in learner: the tasks of a class they are booked on; for a class
 * still to come, also that there are none yet. Nothing for a class they are not on.
 */
export function ClassHomework({ scheduleId, booked }: { scheduleId: number; booked: boolean }) {
  const t = useT();
  const homework = useQuery(userHomeworkQuery(scheduleId));
  if (!booked && (homework.data?.length ?? 0) === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="class-homework">
      <Title order={2} size="h3" id="class-homework">
        {t('learner.homework.classTitle')}
      </Title>
      <QueryState query={homework} what={t('learner.homework.what')}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('learner.homework.classEmpty')}</Text>
          ) : (
            list.map((item) => <HomeworkCard key={item.id} homework={item} showClass={false} />)
          )
        }
      </QueryState>
    </Stack>
  );
}
