import type { BbbEndedQuery, ClassJoin } from '@tokenly/contract/classroom';
import { MESSAGES } from '@tokenly/contract/messages';
import type { ClassroomConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { ScheduleRow } from '../../db/schema/schedules';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { findActiveBooking, findSchedule } from '../bookings/bookings-repository';
import { meetingLinkOpen } from '../bookings/meeting-link';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  classesNeedingRooms,
  endRoom,
  findCurrentRoom,
  findRoomByName,
  insertJoin,
  roomsToEnd,
  saveRoom,
} from './classroom-repository';
import {
  bbbCallbackTokenValid,
  bbbProvider,
  jitsiProvider,
  linkWindow,
  type RoomProvider,
} from './providers';

export type ClassroomServiceOptions = {
  config: ClassroomConfig;
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

export function createClassroomService(db: Database, options: ClassroomServiceOptions) {
  const { config, clock, settings } = options;
  const providers: Partial<Record<'jitsi' | 'bbb', RoomProvider>> = {
    jitsi: jitsiProvider(config.jitsi),
    ...(config.bbb ? { bbb: bbbProvider(config.bbb, { appUrl: options.appUrl, fetch: options.fetch }) } : {}),
  };
  const providerOf = (name: 'jitsi' | 'bbb') => {
    const provider = providers[name];
    if (!provider) throw new Error(`The ${name} provider is not configured`);
    return provider;
  };

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
      for (const { room, schedule } of await roomsToEnd(db, config.provider)) {
        const cancelled = schedule.status === 'cancelled';
        try {
          await providers[room.provider]?.end(room);
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
      if (config.provider !== 'manual') {
        const provider = providerOf(config.provider);
        const { meetingLinkLeadMinutes } = await settings.current();
        for (const { schedule, room } of await classesNeedingRooms(db, now)) {
          const on = roomClass(schedule);
          try {
            const made = await provider.make(on, linkWindow(on, meetingLinkLeadMinutes), room ?? undefined);
            await saveRoom(db, room, {
              ...made,
              scheduleId: schedule.id,
              provider: config.provider,
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
      const { meetingLinkLeadMinutes } = await settings.current();
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
        room && room.provider === config.provider && room.learnerLink === schedule.meetingLink
          ? await providerOf(room.provider).joinUrl(room, on, { ...user, moderator: teacher }, window)
          : teacher
            ? (schedule.meetingStart ?? schedule.meetingLink)
            : schedule.meetingLink;
      if (!url) throw new AppError('CONFLICT', 'This class has no meeting link yet.');
      await insertJoin(db, { scheduleId, userId: user.id, joinedAt: now, source: 'button' });
      return { url };
    },

    /** GET classroom/bbb/ended: BigBlueButton says the meeting ended; the room is recorded as ended. */
    async bbbEnded(query: BbbEndedQuery): Promise<void> {
      const room = config.bbb ? await findRoomByName(db, query.room) : undefined;
      if (!room || !config.bbb || !bbbCallbackTokenValid(config.bbb.secret, room.roomName, query.token)) {
        throw new AppError('NOT_FOUND', 'No such room.');
      }
      await endRoom(db, room, 'meeting_ended', nowOf(clock), { clearLinks: false });
    },
  };
}

export type ClassroomService = ReturnType<typeof createClassroomService>;
