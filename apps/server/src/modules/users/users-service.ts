import { LEVELS, type Role, type User } from '@tokenly/contract/auth';
import { PAGE_SIZE, type Paginated } from '@tokenly/contract/common';
import { MESSAGES } from '@tokenly/contract/messages';
import {
  type AdminCreateBody,
  type AdminUpdateBody,
  STUDENT_RECENT_LIMIT,
  type StudentDetails,
  type StudentRow,
  type StudentSort,
} from '@tokenly/contract/users';
import type { Database } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { type CsvFile, keysetBatches } from '../../lib/csv';
import { pageOffset, toPage } from '../../lib/pagination';
import { checkNewPassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { Memo } from '../../plugins/response-cache';
import { insertUser, updateUser } from '../auth/auth-repository';
import { emailTaken, toUserDto } from '../auth/auth-service';
import { expireResetTokensOf } from '../auth/password-reset-repository';
import { deleteAllSessions } from '../auth/session-repository';
import { getBalance } from '../credits/credit-service';
import { listPaymentsOfLearner } from '../payments/payments-repository';
import { toPaymentDto } from '../payments/payments-service';
import type { TeachersService } from '../teachers/teachers-service';
import { endEntriesOfUser } from '../waitlist/waitlist-repository';
import {
  countStudents,
  countUsersByRole,
  deleteUser,
  findUserRole,
  findUserWithRole,
  listRecentBookings,
  listStudentIds,
  listStudentIdsSorted,
  listStudentRows,
  listStudentRowsOf,
  listUsersByRole,
  lockActiveAdmins,
  lockUser,
} from './users-repository';

export const STUDENT_NOT_FOUND = 'This learner does not exist.';
export const ACCOUNT_NOT_FOUND = 'This account does not exist.';
export const ADMIN_NOT_FOUND = 'This administrator does not exist.';

function toStudentRow(row: Awaited<ReturnType<typeof listStudentRowsOf>>[number]): StudentRow {
  return {
    ...toUserDto(row.user),
    balance: row.balance,
    next_expiry:
      row.nextExpiresAt === null || row.nextCredits === null
        ? null
        : { credits: row.nextCredits, expires_at: row.nextExpiresAt.toISOString() },
    last_booking_at: row.lastBookingAt?.toISOString() ?? null,
  };
}

/** Who asks for an account change: an administrator may not lock themselves out. */
type Actor = { id: number };

/**
 * The checks before an administrator account stops counting as active (disabled or removed): not one's
 * own, and never the last active one, counted with every active admin locked.
 */
function ensureAdminMayGo(actor: Actor, account: UserRow, activeAdmins: number): void {
  if (account.id === actor.id) throw new AppError('CONFLICT', MESSAGES.ownAccount);
  if (account.role === 'admin' && account.disabledAt === null && activeAdmins <= 1) {
    throw new AppError('CONFLICT', MESSAGES.lastActiveAdmin);
  }
}

/**
 * The account locked, and for an administrator every active administrator first (in id order): two
 * administrators disabling each other then lock in the same order (no deadlock), and the second sees the
 * first's change. A learner's account needs no admin locks, so disabling one holds up no admin's work.
 * An account's role never changes through these calls, so reading it unlocked first is safe.
 */
async function lockForRemoval(tx: Database, id: number) {
  const activeAdmins = (await findUserRole(tx, id)) === 'admin' ? await lockActiveAdmins(tx) : 0;
  return { activeAdmins, account: await lockUser(tx, id) };
}

export function createUsersService(
  db: Database,
  {
    clock,
    teachers,
    memo,
  }: {
    clock: Clock;
    teachers: Pick<TeachersService, 'countsOf' | 'historyOf'>;
    /** The list's order and count, shared by its pages (plugins/response-cache.ts). */
    memo: Memo;
  },
) {
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
      checkNewPassword(body.password, body.email);
      try {
        const user = await insertUser(db, {
          name: body.name,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          role: 'admin',
        });
        return toUserDto(user);
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower_unique')) throw emailTaken();
        throw error;
      }
    },

    /** The admin students list: searched, sorted, with balance, next expiry and latest booking. */
    async listStudents(
      page: number,
      { q, sort = 'newest' }: { q?: string; sort?: StudentSort },
    ): Promise<Paginated<StudentRow>> {
      const now = nowOf(clock);
      const offset = pageOffset(page);
      if (sort === 'newest' || sort === 'name') {
        // The order needs no sums, so it is read once per cache window, as the total was, and
        // a page that misses the cache sums lots and bookings for its own learners only.
        const ids = await memo(`students-order:${sort}:${q ?? ''}`, () => listStudentIds(db, { q, sort }));
        const rows = await listStudentRowsOf(db, now, ids.slice(offset, offset + PAGE_SIZE));
        return toPage(rows.map(toStudentRow), ids.length, page);
      }
      const [rows, total] = await Promise.all([
        listStudentRows(db, { now, q, sort, offset }),
        memo(`students-count:${q ?? ''}`, () => countStudents(db, q)),
      ]);
      return toPage(rows.map(toStudentRow), total, page);
    },

    async getAdmin(id: number): Promise<User> {
      const admin = await findUserWithRole(db, id, 'admin');
      if (!admin) throw new AppError('NOT_FOUND', ADMIN_NOT_FOUND);
      return toUserDto(admin);
    },

    async updateAdmin(id: number, body: AdminUpdateBody): Promise<User> {
      try {
        return await db.transaction(async (tx) => {
          const found = await lockUser(tx, id);
          const admin = found?.role === 'admin' ? await updateUser(tx, id, body) : undefined;
          if (!admin) throw new AppError('NOT_FOUND', ADMIN_NOT_FOUND);
          return toUserDto(admin);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower_unique')) throw emailTaken();
        throw error;
      }
    },

    /**
     * Disables (or enables again) a learner's or an administrator's account, keeping all its history.
     * Disabling ends every session of the account in the same transaction, so it is locked out at once.
     */
    async setDisabled(actor: Actor, id: number, disabled: boolean): Promise<User> {
      return db.transaction(async (tx) => {
        const { activeAdmins, account } = disabled
          ? await lockForRemoval(tx, id)
          : { activeAdmins: 0, account: await lockUser(tx, id) };
        if (!account) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
        if (disabled) ensureAdminMayGo(actor, account, activeAdmins);
        // Disabling twice keeps the first time; it is when access ended.
        const disabledAt = disabled ? (account.disabledAt ?? nowOf(clock)) : null;
        const updated = await updateUser(tx, id, { disabledAt });
        if (disabled) {
          await deleteAllSessions(tx, id);
          // A reset link mailed before stays dead, even should the account be enabled again later.
          await expireResetTokensOf(tx, id, nowOf(clock));
          // A seat freed later must go to someone who can still sign in to use it.
          await endEntriesOfUser(tx, id, { status: 'removed', at: nowOf(clock) });
        }
        return toUserDto(updated ?? { ...account, disabledAt });
      });
    },

    /**
     * Removes an administrator who never acted on money or credits (one who did can only be disabled);
     * answers the account as it was.
     */
    async removeAdmin(actor: Actor, id: number): Promise<User> {
      try {
        return await db.transaction(async (tx) => {
          const { activeAdmins, account } = await lockForRemoval(tx, id);
          if (account?.role !== 'admin') throw new AppError('NOT_FOUND', ADMIN_NOT_FOUND);
          ensureAdminMayGo(actor, account, activeAdmins);
          await deleteUser(tx, id);
          return toUserDto(account);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', MESSAGES.adminHasHistory);
        throw error;
      }
    },

    /** The learners the list shows (same search and order), every one, for the school's spreadsheet. */
    async exportStudentsCsv({ q, sort = 'newest' }: { q?: string; sort?: StudentSort }): Promise<CsvFile> {
      const now = nowOf(clock);
      return {
        filename: 'students.csv',
        header: ['Student ID', 'Name', 'Email', 'Level', 'Country', 'Joined', 'Status', 'Balance'],
        async *batches(signal) {
          // The ids in the list's order (read once the header is on its way), then their rows, summed a
          // batch at a time.
          const ids = await listStudentIdsSorted(db, { now, q, sort });
          const batches = keysetBatches(signal, async (_after: number | undefined, size, fetched) =>
            ids.slice(fetched, fetched + size),
          );
          for await (const batch of batches) {
            const rows = await listStudentRowsOf(db, now, batch);
            yield rows.map(({ user, balance }) => [
              String(user.id),
              user.name,
              user.email,
              LEVELS.find((level) => level.value === user.level)?.label ?? '',
              user.country ?? '',
              user.createdAt.toISOString(),
              user.disabledAt === null ? 'active' : 'disabled',
              String(balance),
            ]);
          }
        },
      };
    },

    async getStudent(id: number): Promise<StudentDetails> {
      const user = await findUserWithRole(db, id, 'user');
      if (!user) throw new AppError('NOT_FOUND', STUDENT_NOT_FOUND);
      const [bookings, payments, balance, counts, history] = await Promise.all([
        listRecentBookings(db, id, STUDENT_RECENT_LIMIT),
        listPaymentsOfLearner(db, id, { limit: STUDENT_RECENT_LIMIT }),
        getBalance(db, id, nowOf(clock)),
        teachers.countsOf(id),
        teachers.historyOf(id),
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
          attendance: booking.attendance,
        })),
        payments: payments.map(toPaymentDto),
        balance,
        attendance: { ...counts, history },
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
