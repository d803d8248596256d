import { randomBytes } from 'node:crypto';
import { CALENDAR_FEED_PAST_DAYS, type CalendarFeed } from '@tokenly/contract/calendar-feed';
import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { bookingEvent, calendarFile, teachingEvent } from '../bookings/ics';
import { releasedMeetingLink } from '../bookings/meeting-link';
import { mailLocaleOf } from '../mail/mail-recipients-repository';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { listUpcomingClassesOf } from '../teachers/teachers-repository';
import { bookingsSince, feedTokenOf, findFeedOwner, replaceFeedToken } from './calendar-feed-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

// A private subscription URL per learner, and per teacher for the classes they teach (with the
// number of learners booked and the host link, as the teacher's class page shows them). Calendar apps poll
// it and cannot sign in, so the address is the credential (decision 013): every account has one from its
// creation, readable only to the owner in Settings; a reset replaces it with 32 random bytes.
// Each booking is one event under the UID its downloaded file and invitation mails use, so a calendar that
// has any of them updates that event, and a cancelled booking stays in with STATUS:CANCELLED to remove it.

export function createCalendarFeedService(
  db: Database,
  options: { appUrl: string; clock: Clock; settings: SchoolSettingsSource },
) {
  const addressOf = (token: string): CalendarFeed => {
    const url = `${options.appUrl}/api/calendar-feed/${token}`;
    return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
  };

  const found = (token: string | undefined): CalendarFeed => {
    if (!token) throw new AppError('NOT_FOUND', 'This user does not exist.');
    return addressOf(token);
  };

  return {
    address: async (userId: number) => found(await feedTokenOf(db, userId)),
    reset: async (userId: number) =>
      found(await replaceFeedToken(db, userId, randomBytes(32).toString('base64url'))),

    async file(feedToken: string): Promise<string> {
      const owner = await findFeedOwner(db, feedToken);
      if (!owner)
        throw new AppError('NOT_FOUND', 'This calendar link does not exist. It may have been reset.');
      const now = nowOf(options.clock);
      const since = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS);
      const school = await options.settings.current();
      const lead = school.meetingLinkLeadMinutes;
      // A learner's feed speaks their language; a teacher's, like their screens, English.
      const { t } = mailTranslator(owner.role === 'teacher' ? 'en' : mailLocaleOf(owner.locale));
      const events =
        owner.role === 'teacher'
          ? (await listUpcomingClassesOf(db, owner.id, since)).map(teachingEvent)
          : (await bookingsSince(db, owner.id, since)).map((found) =>
              bookingEvent(found, releasedMeetingLink(found, now, lead), lead, t),
            );
      const name = t('mail.calendar.feedName', { school: school.schoolName });
      return calendarFile(events, { method: 'PUBLISH', now, name });
    },
  };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
