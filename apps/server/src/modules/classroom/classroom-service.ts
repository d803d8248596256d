import type { BbbAnalyticsBody, BbbEndedQuery, ClassJoin } from '@tokenly/contract/classroom';
import { MESSAGES } from '@tokenly/contract/messages';
import { jwtVerify } from 'jose';
import type { Database } from '../../db/client';
import type { ScheduleRow } from '../../db/schema/schedules';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { findActiveBooking, findSchedule } from '../bookings/bookings-repository';
import { meetingLinkOpen } from '../bookings/meeting-link';
import type { CurrentSchoolSettings, SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  classesNeedingRooms,
  endRoom,
  findCurrentRoom,
  findRoomByName,
  insertJoin,
  roomsToEnd,
  saveRoom,
  usersJoinedBy,
} from './classroom-repository';
import {
  bbbCallbackTokenValid,
  bbbProvider,
  jitsiProvider,
  linkWindow,
  type RoomProvider,
} from './providers';

export type ClassroomServiceOptions = {
  appUrl: string;
  clock: Clock;
  settings: SchoolSettingsSource;
  /** Tests reach a stand-in of BigBlueButton through the ordinary fetch; kept open for them all the same. */
  fetch?: typeof fetch;
};

export type Joiner = { id: number; name: string };

const roomClass = (schedule: ScheduleRow) => ({
  id: schedule.id,
  title: schedule.title,
  startsAt: schedule.startsAt,
  durationMin: schedule.durationMin,
});

/** BigBlueButton's server as the school set it, if it did. */
const bbbOf = (school: CurrentSchoolSettings) =>
  school.bbbUrl !== '' && school.bbbSecret !== ''
    ? { url: school.bbbUrl, secret: school.bbbSecret }
    : undefined;

export function createClassroomService(db: Database, options: ClassroomServiceOptions) {
  const { clock, settings } = options;

  /**
   * The providers as the school's settings describe them now: built at each use, so a save takes effect
   * at the next pass or Join. A provider no longer chosen keeps its server, to end its rooms.
   */
  function providersOf(school: CurrentSchoolSettings) {
    const bbb = bbbOf(school);
    const providers: Partial<Record<'jitsi' | 'bbb', RoomProvider>> = {
      jitsi: jitsiProvider({
        url: school.jitsiUrl,
        appId: school.jitsiAppId || undefined,
        appSecret: school.jitsiAppSecret || undefined,
      }),
      ...(bbb ? { bbb: bbbProvider(bbb, { appUrl: options.appUrl, fetch: options.fetch }) } : {}),
    };
    return {
      chosen: school.classroomProvider,
      get: (name: 'jitsi' | 'bbb') => providers[name],
      of: (name: 'jitsi' | 'bbb') => {
        const provider = providers[name];
        if (!provider) throw new Error(`The ${name} provider is not configured`);
        return provider;
      },
    };
  }

  return {
    /**
     * The rooms job's one pass: ends the rooms of cancelled classes and of a provider no longer chosen,
     * then makes a room for each class that needs one. A provider that is down leaves its classes for the
     * next pass (the job runs every minute); the pass reports failure, so the log says so.
     */
    async sweep(): Promise<{ made: number; ended: number }> {
      const now = nowOf(clock);
      const counts = { made: 0, ended: 0 };
      const problems: string[] = [];
      const school = await settings.current();
      const providers = providersOf(school);
      for (const { room, schedule } of await roomsToEnd(db, providers.chosen)) {
        const cancelled = schedule.status === 'cancelled';
        try {
          await providers.get(room.provider)?.end(room);
        } catch (error) {
          problems.push(`class ${schedule.id}: ${(error as Error).message}`);
          continue;
        }
        // A cancelled class keeps its links for the record; the learners no longer see them anyway.
        await endRoom(db, room, cancelled ? 'cancelled' : 'provider_changed', now, {
          clearLinks: !cancelled,
        });
        counts.ended += 1;
      }
      if (providers.chosen !== 'manual') {
        const provider = providers.of(providers.chosen);
        const { meetingLinkLeadMinutes } = school;
        for (const { schedule, room } of await classesNeedingRooms(db, now)) {
          const on = roomClass(schedule);
          try {
            const made = await provider.make(on, linkWindow(on, meetingLinkLeadMinutes), room ?? undefined);
            await saveRoom(db, room, {
              ...made,
              scheduleId: schedule.id,
              provider: providers.chosen,
              startsAt: schedule.startsAt,
              createdAt: room?.createdAt ?? now,
            });
            counts.made += 1;
          } catch (error) {
            problems.push(`class ${schedule.id}: ${(error as Error).message}`);
          }
        }
      }
      if (problems.length > 0) {
        throw new Error(
          `classroom: ${problems.length} room(s) could not be made or ended; the next pass retries`,
        );
      }
      return counts;
    },

    /**
     * POST class/:id/join: the address for a booked learner or the class's teacher, from the link's
     * release until an hour after the class; the press is recorded (the teacher's roster is pre-filled
     * from it). Anyone else reads the class as missing.
     */
    async join(scheduleId: number, user: Joiner): Promise<ClassJoin> {
      const schedule = await findSchedule(db, scheduleId);
      const teacher = schedule?.teacherId === user.id;
      if (!schedule || (!teacher && !(await findActiveBooking(db, user.id, scheduleId)))) {
        throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
      }
      const now = nowOf(clock);
      const school = await settings.current();
      const { meetingLinkLeadMinutes } = school;
      const providers = providersOf(school);
      const on = roomClass(schedule);
      const window = linkWindow(on, meetingLinkLeadMinutes);
      if (schedule.status !== 'scheduled') throw new AppError('CONFLICT', 'This class was cancelled.');
      if (!meetingLinkOpen(schedule.startsAt, now, meetingLinkLeadMinutes)) {
        throw new AppError(
          'CONFLICT',
          `The link to join opens ${meetingLinkLeadMinutes} minutes before the class starts.`,
        );
      }
      if (now > window.until) throw new AppError('CONFLICT', 'This class has ended.');
      const room = await findCurrentRoom(db, scheduleId);
      const url =
        room && room.provider === providers.chosen && room.learnerLink === schedule.meetingLink
          ? await providers.of(room.provider).joinUrl(room, on, { ...user, moderator: teacher }, window)
          : teacher
            ? (schedule.meetingStart ?? schedule.meetingLink)
            : schedule.meetingLink;
      if (!url) throw new AppError('CONFLICT', 'This class has no meeting link yet.');
      await insertJoin(db, { scheduleId, userId: user.id, joinedAt: now, source: 'button' });
      return { url };
    },

    /** GET classroom/bbb/ended: BigBlueButton says the meeting ended; the room is recorded as ended. */
    async bbbEnded(query: BbbEndedQuery): Promise<void> {
      const bbb = bbbOf(await settings.current());
      const room = bbb ? await findRoomByName(db, query.room) : undefined;
      if (!room || !bbb || !bbbCallbackTokenValid(bbb.secret, room.roomName, query.token)) {
        throw new AppError('NOT_FOUND', 'No such room.');
      }
      await endRoom(db, room, 'meeting_ended', nowOf(clock), { clearLinks: false });
    },

    /**
     * POST classroom/bbb/analytics: BigBlueButton's report of who was in the meeting, signed with the
     * shared secret. Each booked learner there counts as a join (the roster's pre-fill, as a Join press
     * does), once per class however often the report comes; the teacher still confirms.
     */
    async bbbAttendance(authorization: string | undefined, body: BbbAnalyticsBody): Promise<number> {
      const bbb = bbbOf(await settings.current());
      const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
      const signed =
        bbb && token
          ? await jwtVerify(token, new TextEncoder().encode(bbb.secret), {
              algorithms: ['HS256', 'HS384', 'HS512'],
              // BigBlueButton's token expires; one without an end would be good for any report, forever.
              requiredClaims: ['exp'],
              currentDate: nowOf(clock),
            }).then(
              () => true,
              () => false,
            )
          : false;
      if (!signed) throw new AppError('UNAUTHENTICATED', 'The report is not signed with the shared secret.');
      const room = await findRoomByName(db, body.meeting_id);
      if (room?.provider !== 'bbb') throw new AppError('NOT_FOUND', 'No such room.');
      const start = body.data.start ? new Date(body.data.start) : undefined;
      const joinedAt = start && !Number.isNaN(start.getTime()) ? start : nowOf(clock);
      const counted = new Set(await usersJoinedBy(db, room.scheduleId, 'bbb'));
      let recorded = 0;
      for (const attendee of body.data.attendees) {
        const userId = Number(attendee.ext_user_id);
        if (attendee.moderator || !Number.isInteger(userId) || counted.has(userId)) continue;
        if (!(await findActiveBooking(db, userId, room.scheduleId))) continue;
        await insertJoin(db, { scheduleId: room.scheduleId, userId, joinedAt, source: 'bbb' });
        counted.add(userId);
        recorded += 1;
      }
      return recorded;
    },
  };
}

export type ClassroomService = ReturnType<typeof createClassroomService>;
