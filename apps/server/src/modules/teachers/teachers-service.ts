import type { Paginated } from '@tokenly/contract/common';
import { MESSAGES } from '@tokenly/contract/messages';
import {
  ATTENDANCE_EDIT_HOURS,
  ATTENDANCE_HISTORY_LIMIT,
  type AttendanceBody,
  type AttendanceCounts,
  type AttendanceRecord,
  type RosterEntry,
  type Teacher,
  type TeacherBody,
  type TeacherClass,
  type TeacherClassDetails,
  type TeacherClasses,
  type TeacherOption,
  teacherTagsOf,
} from '@tokenly/contract/teachers';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import { NO_PASSWORD } from '../../lib/passwords';
import { insertUser } from '../auth/auth-repository';
import { emailTaken } from '../auth/auth-service';
import type { PasswordResetService } from '../auth/password-reset-service';
import {
  countAttendance,
  countTeachers,
  findClassOf,
  findTeacher,
  listAttendanceHistory,
  listClassesOf,
  listRoster,
  listTeacherOptions,
  listTeachers,
  markAttendance,
  type TeacherClassRow,
  updateTeacher,
} from './teachers-repository';

export const TEACHER_NOT_FOUND = 'This teacher does not exist.';
const HOUR_MS = 60 * 60 * 1000;
/** The dashboard's "recent" list: classes whose attendance may still be marked. */
const RECENT_MS = (ATTENDANCE_EDIT_HOURS + 24) * HOUR_MS;

function toTeacherDto(user: UserRow, upcoming: number): Teacher {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    bio: user.bio,
    headline: user.headline,
    photo_url: user.photoUrl,
    tags: teacherTagsOf(user.profileTags),
    profile_public: user.profilePublic,
    has_password: user.passwordHash !== NO_PASSWORD,
    upcoming_classes: upcoming,
    created_at: user.createdAt.toISOString(),
    disabled_at: user.disabledAt?.toISOString() ?? null,
  };
}

/** The public profile's columns a save sends; one left out (undefined) keeps its stored value. */
const profileValues = (body: TeacherBody) => ({
  headline: body.headline,
  photoUrl: body.photo_url,
  profileTags: body.tags,
  profilePublic: body.profile_public,
});

const endOf = (row: Pick<TeacherClassRow, 'startsAt' | 'durationMin'>) =>
  new Date(row.startsAt.getTime() + row.durationMin * 60_000);

function toClassDto(row: TeacherClassRow): TeacherClass {
  return {
    id: row.id,
    title: row.title,
    course_title: row.courseTitle,
    starts_at: row.startsAt.toISOString(),
    ends_at: endOf(row).toISOString(),
    status: row.status,
    seats_taken: row.seatsTaken,
    no_of_users: row.noOfUsers,
  };
}

type RosterRow = Awaited<ReturnType<typeof listRoster>>[number];
const toRosterDto = (row: RosterRow): RosterEntry => ({
  booking_id: row.bookingId,
  name: row.name,
  level: row.level,
  booked_at: row.bookedAt.toISOString(),
  attendance: row.attendance,
  attendance_marked_at: row.attendanceMarkedAt?.toISOString() ?? null,
  joined_at: row.joinedAt,
});

/** Attendance is recorded from the start until ATTENDANCE_EDIT_HOURS after the end, for a class still on. */
function attendanceWindow(row: TeacherClassRow, now: Date) {
  const until = new Date(endOf(row).getTime() + ATTENDANCE_EDIT_HOURS * HOUR_MS);
  const open = row.status === 'scheduled' && now >= row.startsAt && now <= until;
  return { open, until };
}

export function createTeachersService(
  db: Database,
  { clock, passwordReset }: { clock: Clock; passwordReset: Pick<PasswordResetService, 'invite'> },
) {
  async function ownClass(teacherId: number, id: number): Promise<TeacherClassRow> {
    const row = await findClassOf(db, teacherId, id);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
    return row;
  }

  async function getTeacher(id: number): Promise<Teacher> {
    const found = await findTeacher(db, id, nowOf(clock));
    if (!found) throw new AppError('NOT_FOUND', TEACHER_NOT_FOUND);
    return toTeacherDto(found.user, found.upcoming);
  }

  const withEmailCheck = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_unique')) throw emailTaken();
      throw error;
    }
  };

  return {
    async list(page: number): Promise<Paginated<Teacher>> {
      const [rows, total] = await Promise.all([
        listTeachers(db, nowOf(clock), pageOffset(page)),
        countTeachers(db, { active: false }),
      ]);
      return toPage(
        rows.map((row) => toTeacherDto(row.user, row.upcoming)),
        total,
        page,
      );
    },

    options(): Promise<TeacherOption[]> {
      return listTeacherOptions(db);
    },

    get: getTeacher,

    /** A new teacher has no usable password: the invitation mail's link sets the first one. */
    async create(body: TeacherBody): Promise<Teacher> {
      return withEmailCheck(() =>
        db.transaction(async (tx) => {
          const user = await insertUser(tx, {
            name: body.name,
            email: body.email,
            bio: body.bio,
            ...profileValues(body),
            passwordHash: NO_PASSWORD,
            role: 'teacher',
          });
          await passwordReset.invite(tx, user);
          return toTeacherDto(user, 0);
        }),
      );
    },

    async update(id: number, body: TeacherBody): Promise<Teacher> {
      const { name, email, bio } = body;
      const updated = await withEmailCheck(() =>
        updateTeacher(db, id, { name, email, bio, ...profileValues(body) }),
      );
      if (!updated) throw new AppError('NOT_FOUND', TEACHER_NOT_FOUND);
      return getTeacher(id);
    },

    /** A new invitation, for a teacher who lost theirs or a migrated one whose email was just set. */
    async invite(id: number): Promise<Teacher> {
      const teacher = await getTeacher(id);
      if (teacher.disabled_at !== null) throw new AppError('CONFLICT', 'This account is disabled.');
      await db.transaction((tx) => passwordReset.invite(tx, teacher));
      return teacher;
    },

    /** Upcoming classes, and those of the last days whose attendance can still be marked. */
    async classesOf(teacherId: number): Promise<TeacherClasses> {
      const now = nowOf(clock);
      return listClassesOf(db, teacherId, now, new Date(now.getTime() - RECENT_MS));
    },

    async classOf(teacherId: number, id: number): Promise<TeacherClassDetails> {
      const row = await ownClass(teacherId, id);
      const { open, until } = attendanceWindow(row, nowOf(clock));
      return {
        ...toClassDto(row),
        meeting_start: row.meetingStart,
        meeting_link: row.meetingLink,
        roster: (await listRoster(db, id)).map(toRosterDto),
        attendance_open: open,
        attendance_until: until.toISOString(),
      };
    },

    async mark(teacherId: number, id: number, body: AttendanceBody): Promise<RosterEntry> {
      const row = await ownClass(teacherId, id);
      const now = nowOf(clock);
      const { open } = attendanceWindow(row, now);
      if (!open) {
        const message =
          row.status !== 'scheduled'
            ? 'This class was cancelled.'
            : now < row.startsAt
              ? 'Attendance can be marked once the class has started.'
              : `Attendance can no longer be changed: the ${ATTENDANCE_EDIT_HOURS} hours after the class have passed.`;
        throw new AppError('CONFLICT', message);
      }
      const entry = await markAttendance(db, {
        scheduleId: id,
        bookingId: body.booking_id,
        status: body.status,
        by: teacherId,
        at: now,
      });
      if (!entry) throw new AppError('NOT_FOUND', 'This learner is not booked on this class.');
      if (entry === 'waived') {
        throw new AppError(
          'CONFLICT',
          "The school gave this learner's credits back for the no-show, so the mark stays as it is.",
        );
      }
      return toRosterDto(entry);
    },

    countsOf(userId: number): Promise<AttendanceCounts> {
      return countAttendance(db, userId);
    },

    async historyOf(userId: number): Promise<AttendanceRecord[]> {
      const rows = await listAttendanceHistory(db, userId, ATTENDANCE_HISTORY_LIMIT);
      return rows.flatMap((row) => {
        // A late cancel is never marked (marking takes an active booking), so the two cannot meet.
        const status = row.lateCancel ? 'late_cancel' : row.status;
        if (status === null) return [];
        return [
          {
            booking_id: row.bookingId,
            schedule_id: row.scheduleId,
            title: row.title,
            starts_at: row.startsAt.toISOString(),
            teacher_name: row.teacherName,
            status,
            credits: row.credits,
            marked_by: row.markedBy,
            marked_at: row.markedAt?.toISOString() ?? null,
            cancelled_at: row.lateCancel ? (row.cancelledAt?.toISOString() ?? null) : null,
            waived_by: row.waivedBy,
            waived_at: row.waivedAt?.toISOString() ?? null,
            waivable: row.waivable,
          },
        ];
      });
    },
  };
}

export type TeachersService = ReturnType<typeof createTeachersService>;
