import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Schedule } from '@tokenly/contract/schedules';
import { SERIES_MAX_WEEKS, WEEKDAY_NAMES } from '@tokenly/contract/series';
import { type FormEvent, useState } from 'react';
import { dialog } from '../../../components/ui/dialog';
import { Panel } from '../../../components/ui/panel';
import { formatDateTime } from '../../../lib/format';
import { MaterialsManager } from '../../materials/components/materials-manager';
import { useCancelFollowing, useExtendSeries, useSeriesList } from '../api/schedules';
import { skippedClosedDaysNote } from '../utils/closed-days';

/**
 * On a class of a weekly series, what the series is, and the actions that reach beyond this
 * class: cancel it and the following ones (each refunded as a single cancel), or add weeks.
 */
export function SeriesPanel({ schedule }: { schedule: Schedule }) {
  const list = useSeriesList();
  const seriesId = schedule.series_id ?? 0;
  const cancel = useCancelFollowing(schedule.id);
  const extend = useExtendSeries(seriesId);
  const [weeks, setWeeks] = useState('4');
  const series = list.data?.series.find((candidate) => candidate.id === seriesId);
  if (schedule.series_id === null) return null;

  const cancelFollowing = () =>
    cancel.mutate(undefined, {
      onSuccess: ({ data }) =>
        dialog.success(
          `${data.cancelled_classes} class(es) cancelled; ${data.refunded_bookings} booking(s) refunded.`,
        ),
      onError: (error) => dialog.failure(error, cancelFollowing),
    });
  const extendSeries = () =>
    extend.mutate(
      { weeks: Number(weeks) },
      {
        onSuccess: ({ data }) =>
          dialog.success(
            `Series extended: ${data.created} class(es) added.${skippedClosedDaysNote(data.skipped_closed_days)}`,
          ),
        onError: (error) => dialog.failure(error, extendSeries),
      },
    );
  const onExtend = (event: FormEvent) => {
    event.preventDefault();
    extendSeries();
  };

  return (
    <>
      <Panel component="section" aria-labelledby="series-title">
        <Stack gap="sm" maw={720}>
          <Title order={2} size="h3" id="series-title">
            Weekly series
          </Title>
          {series && (
            <Text>
              {series.title}: every {series.weekdays.map((day) => WEEKDAY_NAMES[day]).join(', ')} at{' '}
              {series.start_time} ({series.time_zone}), from {series.first_date} to {series.end_date};{' '}
              {series.upcoming} of {series.classes} classes still to come.
            </Text>
          )}
          {schedule.status === 'scheduled' && (
            <Group>
              <Button
                color="red.9"
                variant="outline"
                loading={cancel.isPending}
                onClick={() =>
                  dialog.confirm({
                    title: 'Cancel this and following classes?',
                    message: `${schedule.title} on ${formatDateTime(schedule.schedule_time)} and every later class of the series. Every booking on them will be cancelled and refunded.`,
                    confirmLabel: 'Cancel classes',
                    onConfirm: cancelFollowing,
                  })
                }
              >
                Cancel this and following
              </Button>
            </Group>
          )}
          <form onSubmit={onExtend} aria-label="Extend the series">
            <Group align="flex-end">
              <TextInput
                label="Weeks to add"
                type="number"
                inputMode="numeric"
                min={1}
                max={SERIES_MAX_WEEKS}
                value={weeks}
                onChange={(event) => setWeeks(event.currentTarget.value)}
              />
              <Button type="submit" variant="default" loading={extend.isPending}>
                Extend series
              </Button>
            </Group>
          </form>
        </Stack>
      </Panel>
      <MaterialsManager target="series" targetId={seriesId} />
    </>
  );
}
