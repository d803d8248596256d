import { Alert, Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LabelledValue } from '../../../components/ui/labelled-value';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDay, formatTime, viewerTimeZone } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { classDetailsQuery } from '../../booking/api/get-calendar-classes';
import { ClassActions } from '../../booking/components/class-actions';
import { ClassBadges } from '../../booking/components/class-badges';
import { levelLabel } from '../level-label';

/**
 * /class/{id} (issue 18): one class with a shareable address, for visitors and learners: when (in the
 * viewer's zone, named), type, level and description, teacher, credits and seats, and what this viewer
 * can do with it, Book Now following SPEC.md's flow with its sign-up detour.
 */
export function ClassPage() {
  const id = useParams().id ?? '';
  const details = useQuery(classDetailsQuery(id));
  usePageTitle(details.data?.title ?? 'Class');
  return (
    <Container py={{ base: 'lg', sm: 'xl' }} size="sm">
      <QueryState query={details} what="the class">
        {(item) => {
          const start = new Date(item.starts_at);
          const end = new Date(start.getTime() + item.duration_min * 60_000);
          return (
            <Stack gap="lg">
              <div>
                <Text c="dimmed">{item.course_title ?? 'Untitled Class'}</Text>
                <Title order={1}>{item.title ?? 'No Class'}</Title>
              </div>
              {item.status === 'cancelled' && (
                <Alert color="red.9" variant="outline" role="status" title="This class was cancelled">
                  Every booking of it was refunded. Find another class in the{' '}
                  <Anchor component={Link} to={ROUTES.timetable}>
                    timetable
                  </Anchor>
                  .
                </Alert>
              )}
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
                <Stack gap="md">
                  <Group gap="xl" wrap="wrap">
                    <LabelledValue label="When">
                      {formatDay(start)}, {formatTime(start)} to {formatTime(end)}
                    </LabelledValue>
                    <LabelledValue label="Level">{levelLabel(item.course_level)}</LabelledValue>
                    <LabelledValue label="Teacher">{item.teacher_name ?? 'To be announced'}</LabelledValue>
                  </Group>
                  <Text size="sm" c="dimmed">
                    Times are in your time zone, {viewerTimeZone()}.
                  </Text>
                  {item.course_description && <Text>{item.course_description}</Text>}
                  {item.teacher_name && item.teacher_bio && (
                    <div>
                      <Title order={2} size="h4">
                        About {item.teacher_name}
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
              </Paper>
              <Anchor component={Link} to={ROUTES.timetable}>
                See the whole timetable
              </Anchor>
            </Stack>
          );
        }}
      </QueryState>
    </Container>
  );
}
