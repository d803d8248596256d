import { Skeleton } from '@mantine/core';
import { lazy } from 'react';
import { AfterFirstPaint } from '../../components/ui/after-first-paint';
import { DeferredSection } from '../../components/ui/deferred-section';
import { Section } from '../../components/ui/section';
import { prefetchUpcomingClasses } from '../../features/booking/api/get-calendar-classes';
import { CourseTabs } from '../../features/marketing/components/course-tabs';
import { FaqSection } from '../../features/marketing/components/faq-section';
import { HomeBanner } from '../../features/marketing/components/home-banner';
import { MentorSection } from '../../features/marketing/components/mentor-section';
import { SkillsLinks } from '../../features/marketing/components/skills-links';
import { prefetchMembershipTokens } from '../../features/membership/api/get-membership-tokens';
import { TokenPackages } from '../../features/membership/components/token-packages';
import { usePageTitle } from '../../lib/page-title';

// FullCalendar is the heaviest dependency of the home page: its own chunk, loaded when scrolled near.
const BookingCalendar = lazy(() =>
  import('../../features/booking/components/booking-calendar').then((module) => ({
    default: module.BookingCalendar,
  })),
);

// The contact form brings react-hook-form and zod, far below the fold: loaded when scrolled near.
const ContactForm = lazy(() =>
  import('../../features/marketing/components/contact-form').then((module) => ({
    default: module.ContactForm,
  })),
);

/** The banner's classes, and the packages drawn below it after the first paint. */
export function startLoadingHome() {
  prefetchUpcomingClasses();
  prefetchMembershipTokens();
}

/** The home page, sections in SPEC.md section 1 order (plus the FAQ the mobile menu links to). */
export function HomeRoute() {
  usePageTitle();
  return (
    <>
      <HomeBanner />
      <AfterFirstPaint minHeight="100vh">
        <CourseTabs />
        <Section
          id="packages"
          eyebrow="Pricing"
          title="Token packages"
          description="Buy tokens once and spend them on any class. The bigger the package, the lower the price per class."
          bg="gray.0"
        >
          <TokenPackages />
        </Section>
        <Section
          id="calendar"
          eyebrow="Timetable"
          title="Book a class"
          description="Choose a day to see its classes. Booking takes tokens from your balance."
        >
          <DeferredSection
            placeholder={
              <Skeleton height={534} radius="lg" role="status" aria-label="Loading the calendar" />
            }
          >
            <BookingCalendar />
          </DeferredSection>
        </Section>
        <MentorSection />
        <DeferredSection
          placeholder={<Skeleton height={640} role="status" aria-label="Loading the contact form" />}
        >
          <ContactForm />
        </DeferredSection>
        <SkillsLinks />
        <FaqSection />
      </AfterFirstPaint>
    </>
  );
}
