import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookSeriesResult, SeriesSkipReason } from '@tokenly/contract/series';
import type { MessageKey } from '@tokenly/i18n/keys';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { LevelNotice, levelAsks, levelRefuses } from '../../levels/components/level-notice';
import { bookSeries, seriesPreviewQuery } from '../api/book-series';

/** Each skipped class as one sentence, its time and why: "Mon 4 May 2026, 09:00 UTC: full". */
const SKIPPED: Record<SeriesSkipReason, MessageKey> = {
  full: 'booking.series.skip.full',
  already_booked: 'booking.series.skip.alreadyBooked',
  not_enough_credits: 'booking.series.skip.notEnoughCredits',
  outside_level: 'booking.series.skip.outsideLevel',
  unavailable: 'booking.series.skip.unavailable',
  needs_club_pass: 'booking.series.skip.needsClubPass',
  club_week_full: 'booking.series.skip.clubWeekFull',
};

function Skipped({
  items,
}: {
  items: { schedule_id: number; starts_at: string; reason: SeriesSkipReason }[];
}) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <List size="sm">
      {items.map((item) => (
        <List.Item key={item.schedule_id}>
          {t(SKIPPED[item.reason], { dateTime: formatDateTime(item.starts_at) })}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * What was done, from the result rather than the server's English message: "3 classes booked for 3
 * credits. 1 class not booked.", or "with your Club pass" for a club series.
 */
function resultMessage(t: ReturnType<typeof useT>, result: BookSeriesResult, club: boolean): string {
  const values = {
    booked: result.booked.length,
    credits: result.credits_spent,
    skipped: result.not_booked.length,
  };
  if (club) {
    return values.skipped > 0
      ? t('booking.series.resultClubSkipped', values)
      : t('booking.series.resultClub', values);
  }
  return values.skipped > 0 ? t('booking.series.resultSkipped', values) : t('booking.series.result', values);
}

/**
 * "Book the rest of the series": the preview (how many classes, the credits, the balance after,
 * and which would be skipped), then the result. Each class is booked by the server on its own, so the
 * result lists what was booked and what was not, with why.
 */
export function SeriesBookingConfirmation({
  scheduleId,
  onClose,
}: {
  scheduleId: number;
  onClose: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const preview = useQuery(seriesPreviewQuery(scheduleId));
  const booking = useMutation({
    mutationFn: (confirmLevel: boolean) => bookSeries(scheduleId, confirmLevel),
    onSettled: () => queryClient.invalidateQueries(),
  });

  if (booking.data) {
    const { data } = booking.data;
    return (
      <Stack gap="md">
        <Text role="status" fw={700}>
          {resultMessage(t, data, preview.data?.club ?? false)}
        </Text>
        {data.booked.length > 0 && (
          <div>
            <Text size="sm">{t('booking.series.booked')}</Text>
            <List size="sm">
              {data.booked.map((item) => (
                <List.Item key={item.schedule_id}>{formatDateTime(item.starts_at)}</List.Item>
              ))}
            </List>
          </div>
        )}
        {data.not_booked.length > 0 && (
          <div>
            <Text size="sm">{t('booking.series.notBooked')}</Text>
            <Skipped items={data.not_booked} />
          </div>
        )}
        <Text size="sm">{t('booking.series.cancelEach')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('booking.series.done')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <QueryState query={preview} what={t('booking.series.loading')}>
      {(data) => (
        <Stack gap="md">
          <div>
            <Text fw={700}>{data.course_title}</Text>
            <Text>{data.title}</Text>
          </div>
          <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
            <dt>{t('booking.series.toBook')}</dt>
            <dd style={{ margin: 0, fontWeight: 700 }}>{data.to_book.length}</dd>
            {data.club ? (
              // Club classes are booked with the pass: no credits to count.
              <>
                <dt>{t('booking.figures.costs')}</dt>
                <dd style={{ margin: 0, fontWeight: 700 }}>{t('booking.club.included')}</dd>
              </>
            ) : (
              <>
                <dt>{t('booking.figures.costs')}</dt>
                <dd style={{ margin: 0, fontWeight: 700 }}>
                  {t('booking.credits', { count: data.total_credits })}
                </dd>
                <dt>{t('booking.figures.balance')}</dt>
                <dd style={{ margin: 0 }}>{t('booking.credits', { count: data.balance })}</dd>
                <dt>{t('booking.figures.after')}</dt>
                <dd style={{ margin: 0, fontWeight: 700 }}>
                  {t('booking.credits', { count: data.balance_after })}
                </dd>
              </>
            )}
          </dl>
          {data.to_book.length > 0 && (
            <Text size="sm">
              {t('booking.series.fromTo', {
                first: formatDateTime(data.to_book[0]?.starts_at ?? ''),
                last: formatDateTime(data.to_book.at(-1)?.starts_at ?? ''),
              })}
            </Text>
          )}
          <LevelNotice level={data.level} id={`series-level-${scheduleId}`} />
          {data.skipped.length > 0 && (
            <Alert
              color="orange"
              title={t('booking.series.wouldSkip', { count: data.skipped.length })}
              c="dark.8"
            >
              <Skipped items={data.skipped} />
              {data.skipped.some((item) => item.reason === 'needs_club_pass') && (
                <Text size="sm" mt="xs">
                  {t('booking.club.needsPassText')}{' '}
                  {/* The preview opens in a modal, outside the router: a plain link. */}
                  <Anchor href={ROUTES.membership}>{t('booking.club.getPass')}</Anchor>
                </Text>
              )}
            </Alert>
          )}
          {booking.error && (
            <Alert color="red" title={t('booking.series.error')} c="red.9" role="alert">
              {errorMessage(booking.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('booking.cancel')}
            </Button>
            {data.to_book.length > 0 && (
              <Button
                loading={booking.isPending}
                disabled={levelRefuses(data.level)}
                aria-describedby={data.level.fits ? undefined : `series-level-${scheduleId}`}
                onClick={() => booking.mutate(levelAsks(data.level))}
              >
                {t('booking.series.submit', { count: data.to_book.length })}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </QueryState>
  );
}
