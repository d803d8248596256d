import { Card, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { GUIDED_LEARNING_HOURS_SOURCE, type Progress } from '@tokenly/contract/progress';
import { lazy, Suspense } from 'react';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

// The chart library comes with the chart only, after the figures are on screen.
const AttendanceChart = lazy(() => import('./attendance-chart'));

/** Minutes of class as hours, to the tenth, as the certificate counts them. */
export const hoursOf = (minutes: number) => Math.round(minutes / 6) / 10;

type WeekRow = Progress['weeks'][number] & { id: number };

/** Hours, level, the weekly chart and the teachers' notes: the learner's Progress page and the admin's student page. */
export function ProgressSummary({ progress }: { progress: Progress }) {
  const t = useT();
  const level = progress.level;
  const weekColumns: Column<WeekRow>[] = [
    { header: t('learner.progress.weekOf'), cell: (row) => formatDate(`${row.week}T12:00:00Z`) },
    { header: t('learner.progress.classes'), cell: (row) => row.classes },
    { header: t('learner.progress.hours'), cell: (row) => hoursOf(row.minutes) },
  ];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Card withBorder>
          <Text c="dimmed">{t('learner.progress.hoursAttended')}</Text>
          <Text fz={32} fw={700} data-testid="hours-attended">
            {hoursOf(progress.minutes)}
          </Text>
          <Text size="sm">{t('learner.progress.classesAttended', { classes: progress.classes })}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            {t('learner.progress.onlyAttended')}
          </Text>
        </Card>
        <Card withBorder>
          <Text c="dimmed">{t('learner.progress.level')}</Text>
          {level ? (
            <>
              <Text fz={32} fw={700} data-testid="current-level">
                {level.level}
              </Text>
              {level.since && (
                <Text size="sm">{t('learner.progress.since', { date: formatDate(level.since) })}</Text>
              )}
              <Text size="sm">
                {t('learner.progress.hoursAtLevel', {
                  hours: hoursOf(level.minutes_at_level),
                  level: level.level,
                })}
              </Text>
            </>
          ) : (
            <Text mt={8}>{t('learner.progress.noLevel')}</Text>
          )}
        </Card>
        {level?.next && (
          <Card withBorder>
            <Text c="dimmed">{t('learner.progress.nextLevel', { level: level.next.level })}</Text>
            <Text fw={700} mt={8}>
              {t('learner.progress.guidedHours', { from: level.next.hours_from, to: level.next.hours_to })}
            </Text>
            <Text size="sm" c="dimmed" mt="xs">
              {t('learner.progress.guidedHoursSource', { source: GUIDED_LEARNING_HOURS_SOURCE })}
            </Text>
          </Card>
        )}
      </SimpleGrid>

      <Title order={2} size="h3">
        {t('learner.progress.byWeek')}
      </Title>
      <Paper withBorder p="md">
        <Suspense fallback={<div style={{ minHeight: 220 }} />}>
          <AttendanceChart weeks={progress.weeks} label={t('learner.progress.chartLabel')} />
        </Suspense>
      </Paper>
      <DataTable
        rows={progress.weeks.map((week, id) => ({ ...week, id }))}
        columns={weekColumns}
        what={t('learner.progress.byWeek')}
        minWidth={320}
      />

      <Title order={2} size="h3">
        {t('learner.progress.notes')}
      </Title>
      {progress.notes.length === 0 ? (
        <Text c="dimmed">{t('learner.progress.noNotes')}</Text>
      ) : (
        <Stack gap="sm">
          {progress.notes.map((note) => (
            <Paper key={note.booking_id} withBorder p="md" component="article">
              <Title order={3} size="h5">
                {t('learner.progress.noteOn', {
                  title: note.title,
                  date: formatDateTime(note.starts_at),
                  teacher: note.author_name,
                })}
              </Title>
              {note.went_well && (
                <Text mt="xs">
                  <strong>{t('learner.progress.wentWell')}:</strong> {note.went_well}
                </Text>
              )}
              {note.work_on && (
                <Text mt="xs">
                  <strong>{t('learner.progress.workOn')}:</strong> {note.work_on}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
