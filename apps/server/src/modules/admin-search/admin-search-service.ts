import { ADMIN_SEARCH_LIMIT, type AdminSearchResult } from '@tokenly/contract/users';
import { desc, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { schedules } from '../../db/schema/schedules';
import { listPayments } from '../payments/payments-repository';
import { toPaymentDto } from '../payments/payments-service';
import { containing, listStudentRows } from '../users/users-repository';

/** A payment's own number, as the payment list and receipts show it (typed with or without a #). */
const PAYMENT_ID = /^#?(\d{1,9})$/;

function findClasses(db: Database, text: string) {
  return db
    .select({
      id: schedules.id,
      title: schedules.title,
      courseTitle: courses.courseTitle,
      startsAt: schedules.startsAt,
      status: schedules.status,
    })
    .from(schedules)
    .innerJoin(courses, eq(courses.id, schedules.courseId))
    .where(or(ilike(schedules.title, containing(text)), ilike(courses.courseTitle, containing(text))))
    .orderBy(desc(schedules.startsAt), desc(schedules.id))
    .limit(ADMIN_SEARCH_LIMIT);
}

/** Issue 19: the top bar's search, a few learners, classes and payments for what was typed. */
export function createAdminSearchService(db: Database) {
  return {
    async search(text: string, now = new Date()): Promise<AdminSearchResult> {
      const paymentId = PAYMENT_ID.exec(text)?.[1];
      const [students, classes, byStudent, byId] = await Promise.all([
        listStudentRows(db, { now, q: text, sort: 'name', limit: ADMIN_SEARCH_LIMIT }),
        findClasses(db, text),
        listPayments(db, { student: text, limit: ADMIN_SEARCH_LIMIT }),
        paymentId === undefined ? [] : listPayments(db, { paymentId: Number(paymentId), limit: 1 }),
      ]);
      return {
        students: students.map(({ user }) => ({ id: user.id, name: user.name, email: user.email })),
        classes: classes.map((row) => ({
          id: row.id,
          title: row.title,
          course_title: row.courseTitle,
          schedule_time: row.startsAt.toISOString(),
          status: row.status,
        })),
        payments: [...byId, ...byStudent].slice(0, ADMIN_SEARCH_LIMIT).map(toPaymentDto),
      };
    },
  };
}

export type AdminSearchService = ReturnType<typeof createAdminSearchService>;
