import { Skeleton } from '@mantine/core';
import { lazy } from 'react';
import { useLocation } from 'react-router';
import { AfterFirstPaint } from '../../components/ui/after-first-paint';
import { DeferredSection } from '../../components/ui/deferred-section';
import { Section } from '../../components/ui/section';
import { prefetchUpcomingClasses } from '../../features/booking/api/get-calendar-classes';
import { prefetchSiteContent } from '../../features/marketing/api/site-content-query';
import { CourseTabs } from '../../features/marketing/components/course-tabs';
import { FaqSection } from '../../features/marketing/components/faq-section';
import { HomeBanner } from '../../features/marketing/components/home-banner';
import { MentorSection } from '../../features/marketing/components/mentor-section';
import { SkillsLinks } from '../../features/marketing/components/skills-links';
import { prefetchMembershipTokens } from '../../features/membership/api/get-membership-tokens';
import { TokenPackages } from '../../features/membership/components/token-packages';
import { useT } from '../../lib/i18n';
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

/** The banner's classes, and the packages, courses and teachers drawn below it after the first paint. */
export function startLoadingHome() {
  prefetchUpcomingClasses();
  prefetchMembershipTokens();
  prefetchSiteContent();
}

/** The home page, sections in SPEC.md section 1 order (plus the FAQ the mobile menu links to). */
export function HomeRoute() {
  const t = useT();
  const { hash } = useLocation();
  usePageTitle();
  return (
    <>
      <HomeBanner />
      <AfterFirstPaint minHeight="100vh">
        <CourseTabs />
        <Section
          id="packages"
          eyebrow={t('marketing.home.packages.eyebrow')}
          title={t('marketing.home.packages.title')}
          description={t('marketing.home.packages.description')}
          bg="gray.0"
        >
          <TokenPackages />
        </Section>
        <Section
          id="calendar"
          eyebrow={t('marketing.home.calendar.eyebrow')}
          title={t('marketing.home.calendar.title')}
          description={t('marketing.home.calendar.description')}
        >
          <DeferredSection
            placeholder={
              <Skeleton
                height={534}
                radius="lg"
                role="status"
                aria-label={t('marketing.home.calendar.loading')}
              />
            }
          >
            <BookingCalendar />
          </DeferredSection>
        </Section>
        <MentorSection />
        {/* The section is always there, for the footer's /#contact from any page; its form's code loads
            when scrolled near, or at once when the address asks for it. */}
        <Section
          id="contact"
          eyebrow={t('marketing.contact.eyebrow')}
          title={t('marketing.contact.title')}
          description={t('marketing.contact.description')}
        >
          <DeferredSection
            eager={hash === '#contact'}
            placeholder={
              <Skeleton height={420} role="status" aria-label={t('marketing.home.contact.loading')} />
            }
          >
            <ContactForm />
          </DeferredSection>
        </Section>
        <SkillsLinks />
        <FaqSection />
      </AfterFirstPaint>
    </>
  );
}
