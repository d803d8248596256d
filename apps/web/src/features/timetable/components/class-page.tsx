import { Alert, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { LabelledValue } from '../../../components/ui/labelled-value';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { RichMessage } from '../../../components/ui/rich-message';
import { ROUTES } from '../../../config/routes';
import { formatDay, formatTime, viewerTimeZone } from '../../../lib/format';
import { needBundle, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { isLearner, useSession } from '../../../lib/session';
import { bookedSchedulesQuery } from '../../booking/api/book-class';
import { classDetailsQuery } from '../../booking/api/get-calendar-classes';
import { ClassActions } from '../../booking/components/class-actions';
import { ClassBadges } from '../../booking/components/class-badges';
import { rangeText } from '../../levels/level-labels';

// A signed-in learner sees the homework of a class they are booked on (the server answers only that): its
// code and the learner's words come with it.
const ClassHomework = lazy(() =>
  Promise.all([import('../../homework/components/class-homework'), needBundle('learner')]).then(
    ([module]) => ({ default: module.ClassHomework }),
  ),
);

// A learner booked on the class sees its materials (the server answers only them), once visible.
const ClassMaterials = lazy(() =>
  Promise.all([import('../../materials/components/class-materials'), needBundle('learner')]).then(
    ([module]) => ({ default: module.ClassMaterials }),
  ),
);

/**
 * /class/{id}: one class with a shareable address, for visitors and learners: when (in the
 * viewer's zone, named), type, level and description, teacher, credits and seats, and what this viewer
 * can do with it, Book Now following SPEC.md's flow with its sign-up detour.
 */
export function ClassPage() {
  const t = useT();
  const id = useParams().id ?? '';
  const details = useQuery(classDetailsQuery(id));
  const learner = isLearner(useSession());
  const booked = useQuery({ ...bookedSchedulesQuery(), enabled: learner });
  usePageTitle(details.data?.title ?? t('timetable.classPage.pageTitle'));
  return (
    <Container py={{ base: 'lg', sm: 'xl' }} size="sm">
      <QueryState query={details} what={t('timetable.classPage.what')}>
        {(item) => {
          const start = new Date(item.starts_at);
          const end = new Date(start.getTime() + item.duration_min * 60_000);
          return (
            <Stack gap="lg">
              <div>
                <Text c="dimmed">{item.course_title ?? t('timetable.class.untitledType')}</Text>
                <Title order={1}>{item.title ?? t('timetable.class.noTitle')}</Title>
              </div>
              {item.status === 'cancelled' && (
                <Alert
                  color="red.9"
                  variant="outline"
                  role="status"
                  title={t('timetable.classPage.cancelled.title')}
                >
                  <RichMessage
                    id="timetable.classPage.cancelled.text"
                    components={{ 0: <Anchor component={Link} to={ROUTES.timetable} /> }}
                  />
                </Alert>
              )}
              <Panel>
                <Stack gap="md">
                  <Group gap="xl" wrap="wrap">
                    <LabelledValue label={t('timetable.classPage.when')}>
                      {t('timetable.classPage.whenValue', {
                        day: formatDay(start),
                        start: formatTime(start),
                        end: formatTime(end),
                      })}
                    </LabelledValue>
                    <LabelledValue label={t('timetable.classPage.level')}>{rangeText(t, item)}</LabelledValue>
                    <LabelledValue label={t('timetable.classPage.teacher')}>
                      {item.teacher_name ?? t('timetable.classPage.teacherToBeAnnounced')}
                    </LabelledValue>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('timetable.timeZone', { zone: viewerTimeZone() })}
                  </Text>
                  {item.course_description && <Text>{item.course_description}</Text>}
                  {item.teacher_name && item.teacher_bio && (
                    <div>
                      <Title order={2} size="h4">
                        {t('timetable.classPage.aboutTeacher', { name: item.teacher_name })}
                      </Title>
                      <Text>{item.teacher_bio}</Text>
                    </div>
                  )}
                  <ClassBadges item={item} />
                  {item.status === 'scheduled' && (
                    <div>
                      <ClassActions item={item} />
                    </div>
                  )}
                </Stack>
              </Panel>
              {learner && (
                <Suspense fallback={null}>
                  <ClassHomework scheduleId={item.id} booked={booked.data?.has(item.id) ?? false} />
                </Suspense>
              )}
              {learner && booked.data?.has(item.id) && (
                <Suspense fallback={null}>
                  <ClassMaterials scheduleId={item.id} />
                </Suspense>
              )}
              <Anchor component={Link} to={ROUTES.timetable}>
                {t('timetable.classPage.seeAll')}
              </Anchor>
            </Stack>
          );
        }}
      </QueryState>
    </Container>
  );
}
