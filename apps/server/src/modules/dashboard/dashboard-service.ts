import { DASHBOARD_UPCOMING_LIMIT, type Dashboard } from '@tokenly/contract/dashboard';
import type { Database } from '../../db/client';
import { type Clock, nowOf } from '../../lib/clock';
import { centsToUsd } from '../../lib/money';
import { addDays, fromLocalDateTime, toLocalDateTime } from '../../lib/time-zone';
import { countRunningClubPasses } from '../club-pass/club-pass-repository';
import { totalPayments } from '../payments/payments-repository';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { countTeachers } from '../teachers/teachers-repository';
import type { WaitlistService } from '../waitlist/waitlist-service';
import {
  countBookingsOfClassesIn,
  countLearners,
  listUpcomingClasses,
  sumRenewingSubscriptions,
} from './dashboard-repository';

/** This week (Monday to Sunday) and this calendar month, as instants, in the school's time zone. */
export function currentPeriods(now: Date, timeZone: string) {
  const today = toLocalDateTime(now, timeZone);
  const { weekday } = addDays(today, 0);
  const monday = addDays(today, -((weekday + 6) % 7));
  const midnight = (date: { year: number; month: number; day: number }) =>
    fromLocalDateTime({ year: date.year, month: date.month, day: date.day, hour: 0, minute: 0 }, timeZone);
  const nextMonth =
    today.month === 12 ? { year: today.year + 1, month: 1 } : { year: today.year, month: today.month + 1 };
  return {
    week: { from: midnight(monday), to: midnight(addDays(monday, 7)) },
    month: { from: midnight({ ...today, day: 1 }), to: midnight({ ...nextMonth, day: 1 }) },
  };
}

export function createDashboardService(
  db: Database,
  {
    settings,
    waitlist,
    clock,
  }: { settings: SchoolSettingsSource; waitlist: Pick<WaitlistService, 'countUpcoming'>; clock: Clock },
) {
  return {
    async get(): Promise<Dashboard> {
      const now = nowOf(clock);
      const { week, month } = currentPeriods(now, (await settings.current()).timeZone);
      const thisMonth = { since: month.from, before: month.to };
      const [learners, teachers, bookings, sales, renewals, classes, waitlisted, clubPasses, clubSales] =
        await Promise.all([
          countLearners(db),
          countTeachers(db, { active: true }),
          countBookingsOfClassesIn(db, week),
          // The payment list's totals for the month's days, so the card shows the list's net: partial
          // refunds come off, and a fully refunded payment counts nothing.
          totalPayments(db, thisMonth),
          sumRenewingSubscriptions(db),
          listUpcomingClasses(db, now, DASHBOARD_UPCOMING_LIMIT),
          waitlist.countUpcoming(now),
          countRunningClubPasses(db, now),
          // The same net, of the club plan's payments only: the payment list filtered by its kind.
          totalPayments(db, { ...thisMonth, kind: 'club' }),
        ]);
      return {
        total_users: learners.total,
        ...(learners.estimated ? { total_users_is_estimate: true } : {}),
        active_teachers: teachers,
        bookings_this_week: bookings,
        token_sales: centsToUsd(sales.gross - sales.refunded),
        upcoming_sales: centsToUsd(renewals),
        waitlisted,
        club_passes: clubPasses,
        club_revenue: centsToUsd(clubSales.gross - clubSales.refunded),
        upcoming_classes: classes.map((row) => ({
          id: row.id,
          title: row.title,
          course_title: row.courseTitle,
          starts_at: row.startsAt.toISOString(),
          teacher_name: row.teacherName,
          seats_taken: row.seatsTaken,
          no_of_users: row.noOfUsers,
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
