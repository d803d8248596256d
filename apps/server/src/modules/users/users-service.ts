import type { Role, User } from '@tokenly/contract/auth';
import type { Paginated } from '@tokenly/contract/common';
import { MESSAGES } from '@tokenly/contract/messages';
import { type AdminCreateBody, STUDENT_RECENT_LIMIT, type StudentDetails } from '@tokenly/contract/users';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { pageOffset, toPage } from '../../lib/pagination';
import { hashPassword } from '../../lib/passwords';
import { insertUser } from '../auth/auth-repository';
import { toUserDto } from '../auth/auth-service';
import { getBalance } from '../credits/credit-service';
import { listPayments } from '../payments/payments-repository';
import { toPaymentDto } from '../payments/payments-service';
import { countUsersByRole, findUserWithRole, listRecentBookings, listUsersByRole } from './users-repository';

export const STUDENT_NOT_FOUND = 'This learner does not exist.';

export function createUsersService(db: Database) {
  return {
    /** Students are role user, admins role admin (SPEC.md "Admin student list", "Admin user list"). */
    async list(role: Role, page: number): Promise<Paginated<User>> {
      const [rows, total] = await Promise.all([
        listUsersByRole(db, role, pageOffset(page)),
        countUsersByRole(db, role),
      ]);
      return toPage(rows.map(toUserDto), total, page);
    },

    async createAdmin(body: AdminCreateBody): Promise<User> {
      try {
        const user = await insertUser(db, {
          name: body.name,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          role: 'admin',
        });
        return toUserDto(user);
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower_unique')) {
          throw new AppError('VALIDATION', MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
        }
        throw error;
      }
    },

    async getStudent(id: number): Promise<StudentDetails> {
      const user = await findUserWithRole(db, id, 'user');
      if (!user) throw new AppError('NOT_FOUND', STUDENT_NOT_FOUND);
      const [bookings, payments, balance] = await Promise.all([
        listRecentBookings(db, id, STUDENT_RECENT_LIMIT),
        listPayments(db, { offset: 0, limit: STUDENT_RECENT_LIMIT, userId: id }),
        getBalance(db, id),
      ]);
      return {
        user: toUserDto(user),
        bookings: bookings.map((booking) => ({
          id: booking.id,
          schedule_id: booking.scheduleId,
          course_title: booking.courseTitle,
          title: booking.title,
          schedule_time: booking.startsAt.toISOString(),
          credits: booking.credits,
          status: booking.status,
          created_at: booking.createdAt.toISOString(),
        })),
        payments: payments.map(toPaymentDto),
        balance,
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
