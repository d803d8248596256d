import type { EducationalOrganization, EducationEvent, WithContext } from 'schema-dts';
import { isoInZone } from '../../lib/time-zone';

// schema.org JSON-LD for search engines, typed by schema-dts (schema.org's own vocabulary as TypeScript
// types): a property schema.org does not have on the type, or a value of the wrong kind, does not compile.

export type StructuredData = WithContext<EducationalOrganization> | WithContext<EducationEvent>;

export type SchoolFacts = {
  name: string;
  description: string;
  /** The site's home page, absolute. */
  url: string;
  email: string;
  legalName: string;
  address: string;
};

/** The school on its home page. */
export function schoolOrganization(school: SchoolFacts): WithContext<EducationalOrganization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    name: school.name,
    description: school.description,
    url: school.url,
    email: school.email,
    ...(school.legalName ? { legalName: school.legalName } : {}),
    ...(school.address ? { address: school.address } : {}),
  };
}

export type ScheduledClass = {
  name: string;
  description: string;
  /** The class's public page, absolute: also its virtual location (the meeting link stays private). */
  url: string;
  startsAt: Date;
  durationMin: number;
  seats: number;
  seatsLeft: number;
  teacherName: string | null;
};

/**
 * A scheduled class as an online event. Its offer carries no price: a class is paid in the school's
 * credits (or a Club pass), which have no one price in money.
 */
export function classEvent(
  lesson: ScheduledClass,
  school: { name: string; url: string },
  timeZone: string,
): WithContext<EducationEvent> {
  const endsAt = new Date(lesson.startsAt.getTime() + lesson.durationMin * 60_000);
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationEvent',
    name: lesson.name,
    description: lesson.description,
    url: lesson.url,
    startDate: isoInZone(lesson.startsAt, timeZone),
    endDate: isoInZone(endsAt, timeZone),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url: lesson.url },
    organizer: { '@type': 'EducationalOrganization', name: school.name, url: school.url },
    ...(lesson.teacherName ? { performer: { '@type': 'Person', name: lesson.teacherName } } : {}),
    maximumVirtualAttendeeCapacity: lesson.seats,
    remainingAttendeeCapacity: lesson.seatsLeft,
    offers: {
      '@type': 'Offer',
      url: lesson.url,
      availability: lesson.seatsLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  };
}
