import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BookingPreview } from '@tokenly/contract/bookings';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { LevelNotice, levelAsks, levelRefuses } from '../../levels/components/level-notice';
import { membershipTokensQueryOptions } from '../../membership/api/get-membership-tokens';
import { clubPlanOf } from '../../membership/utils/plans';
import { bookClass, bookingPreviewQuery } from '../api/book-class';

function Figures({ preview }: { preview: BookingPreview }) {
  const t = useT();
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
      <dt>{t('booking.figures.costs')}</dt>
      <dd style={{ margin: 0, fontWeight: 700 }} data-testid="booking-cost">
        {t('booking.credits', { count: preview.credits })}
      </dd>
      <dt>{t('booking.figures.balance')}</dt>
      <dd style={{ margin: 0 }}>{t('booking.credits', { count: preview.balance })}</dd>
      <dt>{t('booking.figures.after')}</dt>
      <dd style={{ margin: 0, fontWeight: 700 }} data-testid="balance-after">
        {preview.balance_after >= 0
          ? t('booking.credits', { count: preview.balance_after })
          : t('booking.confirm.notEnough')}
      </dd>
    </dl>
  );
}

/**
 * A club class: booked with the Club pass, never credits; without a pass that covers it, the way to get
 * one: the club plan's checkout (the plans page when none is on sale).
 */
function ClubTerms({
  club,
  id,
  onGetPass,
}: {
  club: NonNullable<BookingPreview['club']>;
  id: string;
  onGetPass: (to: string) => void;
}) {
  const t = useT();
  const plans = useQuery({ ...membershipTokensQueryOptions(), enabled: !club.covered });
  if (!club.covered) {
    const plan = clubPlanOf(plans.data ?? []);
    return (
      <Alert id={id} color="orange" title={t('booking.club.needsPass')} c="dark.8">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('booking.club.needsPassText')}</Text>
          <Button
            size="xs"
            onClick={() => onGetPass(plan ? ROUTES.selectPayment(plan.id) : ROUTES.membership)}
          >
            {t('booking.club.getPass')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const full = club.week_booked >= club.week_allowance;
  return (
    <Alert id={id} color={full ? 'orange' : 'green'} title={t('booking.club.included')} c="dark.8">
      {t(full ? 'booking.club.weekFull' : 'booking.club.week', {
        booked: club.week_booked,
        allowance: club.week_allowance,
      })}
    </Alert>
  );
}

type Props = {
  scheduleId: number;
  onBooked: () => void;
  /** The server refused, or could not be reached. */
  onFailed: (error: unknown) => void;
  /** Too few credits: off to checkout, the booking kept to finish after. */
  onBuyCredits: () => void;
  /** A club class without a pass: off to `to` (the club plan's checkout), the booking kept likewise. */
  onGetClubPass: (to: string) => void;
  onClose: () => void;
};

/**
 * Book Now's confirmation: the class, its cost, the balance after, the credits it uses and,
 * inside the free-cancellation window, a plain warning. Every figure is the server's; booking itself is
 * checked again by the server, whose reason is shown if it refuses. With too few credits Confirm is
 * disabled and Buy credits leads the way instead.
 */
export function BookingConfirmation({
  scheduleId,
  onBooked,
  onFailed,
  onBuyCredits,
  onGetClubPass,
  onClose,
}: Props) {
  const t = useT();
  const preview = useQuery(bookingPreviewQuery(scheduleId));
  const booking = useMutation({
    // Outside the learner's level under "warn", Confirm is the confirmation the server asks for.
    mutationFn: (confirmLevel: boolean) =>
      bookClass({ schedule_id: scheduleId, confirm_level: confirmLevel }),
    onSuccess: () => onBooked(),
    onError: onFailed,
  });
  return (
    <QueryState query={preview} what={t('booking.confirm.loading')}>
      {(data) => {
        const clubRefused =
          data.club !== null && (!data.club.covered || data.club.week_booked >= data.club.week_allowance);
        const refusedLevel = levelRefuses(data.level);
        const short = !data.already_booked && (data.balance_after < 0 || clubRefused);
        const blocked = short || (!data.already_booked && refusedLevel);
        const why = refusedLevel
          ? `level-${scheduleId}`
          : clubRefused
            ? `club-terms-${scheduleId}`
            : `not-enough-${scheduleId}`;
        return (
          <Stack gap="md">
            <div>
              <Text fw={700}>{data.course_title ?? t('booking.class.untitled')}</Text>
              <Text>{data.title ?? t('booking.class.noClass')}</Text>
              <Text size="sm">
                {t('booking.confirm.when', {
                  dateTime: formatDateTime(data.starts_at),
                  minutes: data.duration_min,
                })}
              </Text>
            </div>
            {data.already_booked ? (
              <Alert color="blue" title={t('booking.confirm.alreadyBooked')}>
                {t('booking.confirm.alreadyBookedText')}
              </Alert>
            ) : (
              <>
                <LevelNotice level={data.level} id={`level-${scheduleId}`} />
                {data.club ? (
                  <ClubTerms club={data.club} id={`club-terms-${scheduleId}`} onGetPass={onGetClubPass} />
                ) : (
                  <Figures preview={data} />
                )}
                {data.uses.length > 0 && data.balance_after >= 0 && (
                  <div>
                    <Text size="sm">{t('booking.confirm.uses')}</Text>
                    <List size="sm">
                      {data.uses.map((use) => (
                        // One line per expiry: the server adds up lots that expire at the same instant.
                        <List.Item key={use.expires_at}>
                          {t('booking.confirm.expiring', {
                            count: use.credits,
                            date: formatDate(use.expires_at),
                          })}
                        </List.Item>
                      ))}
                    </List>
                  </div>
                )}
                {data.balance_after < 0 && (
                  <Alert
                    id={`not-enough-${scheduleId}`}
                    color="orange"
                    title={t('booking.confirm.notEnough')}
                    c="dark.8"
                  >
                    {t('booking.confirm.notEnoughText', { cost: data.credits, balance: data.balance })}
                  </Alert>
                )}
                {data.free_cancellation ? (
                  <Text size="sm">
                    {t('booking.confirm.freeUntil', { dateTime: formatDateTime(data.cancel_until) })}
                  </Text>
                ) : (
                  <Alert color="orange" title={t('booking.confirm.noFree')} c="dark.8">
                    {t('booking.confirm.noFreeText', { hours: data.cancel_window_hours })}
                  </Alert>
                )}
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {data.already_booked ? t('booking.close') : t('booking.cancel')}
              </Button>
              {!data.already_booked && (
                <Button
                  variant={blocked ? 'default' : 'filled'}
                  disabled={blocked}
                  aria-describedby={blocked ? why : levelAsks(data.level) ? `level-${scheduleId}` : undefined}
                  loading={booking.isPending}
                  onClick={() => booking.mutate(levelAsks(data.level))}
                >
                  {levelAsks(data.level) ? t('booking.level.bookAnyway') : t('booking.confirm.submit')}
                </Button>
              )}
              {short && !clubRefused && (
                <Button data-autofocus onClick={onBuyCredits}>
                  {t('booking.confirm.buyCredits')}
                </Button>
              )}
            </Group>
          </Stack>
        );
      }}
    </QueryState>
  );
}
