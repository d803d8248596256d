import type { MessageKey } from '@tokenly/i18n/keys';

// Marketing copy for the course tabs of SPEC.md section 1 (content is ours; SPEC.md names only the tabs).
export type CourseOffer = {
  title: MessageKey;
  text: MessageKey;
  /** A level of the contract's LEVELS, or null for every level (as a class type's level). */
  level: 1 | 2 | 3 | null;
  classes: number;
  tokens: number;
};

export type Course = {
  id: string;
  /** What the contact form sends: the school reads enquiries in English whatever the visitor's language. */
  name: string;
  label: MessageKey;
  offers: [CourseOffer, CourseOffer, CourseOffer];
};

export const COURSES: Course[] = [
  {
    id: 'general-english',
    name: 'General English',
    label: 'marketing.course.generalEnglish.name',
    offers: [
      {
        title: 'marketing.course.generalEnglish.foundations.title',
        text: 'marketing.course.generalEnglish.foundations.text',
        level: 1,
        classes: 12,
        tokens: 1,
      },
      {
        title: 'marketing.course.generalEnglish.conversations.title',
        text: 'marketing.course.generalEnglish.conversations.text',
        level: 2,
        classes: 10,
        tokens: 1,
      },
      {
        title: 'marketing.course.generalEnglish.grammar.title',
        text: 'marketing.course.generalEnglish.grammar.text',
        level: 3,
        classes: 8,
        tokens: 2,
      },
    ],
  },
  {
    id: 'it-certifications',
    name: 'IT Certifications',
    label: 'marketing.course.itCertifications.name',
    offers: [
      {
        title: 'marketing.course.itCertifications.cloudExams.title',
        text: 'marketing.course.itCertifications.cloudExams.text',
        level: 2,
        classes: 8,
        tokens: 1,
      },
      {
        title: 'marketing.course.itCertifications.interviews.title',
        text: 'marketing.course.itCertifications.interviews.text',
        level: 2,
        classes: 6,
        tokens: 2,
      },
      {
        title: 'marketing.course.itCertifications.documentation.title',
        text: 'marketing.course.itCertifications.documentation.text',
        level: null,
        classes: 6,
        tokens: 1,
      },
    ],
  },
  {
    id: 'leadership',
    name: 'Leadership',
    label: 'marketing.course.leadership.name',
    offers: [
      {
        title: 'marketing.course.leadership.meetings.title',
        text: 'marketing.course.leadership.meetings.text',
        level: 2,
        classes: 8,
        tokens: 1,
      },
      {
        title: 'marketing.course.leadership.feedback.title',
        text: 'marketing.course.leadership.feedback.text',
        level: 3,
        classes: 6,
        tokens: 2,
      },
      {
        title: 'marketing.course.leadership.storytelling.title',
        text: 'marketing.course.leadership.storytelling.text',
        level: 3,
        classes: 6,
        tokens: 2,
      },
    ],
  },
  {
    id: 'web-development',
    name: 'Web Development',
    label: 'marketing.course.webDevelopment.name',
    offers: [
      {
        title: 'marketing.course.webDevelopment.codeReviews.title',
        text: 'marketing.course.webDevelopment.codeReviews.text',
        level: 2,
        classes: 6,
        tokens: 1,
      },
      {
        title: 'marketing.course.webDevelopment.pullRequests.title',
        text: 'marketing.course.webDevelopment.pullRequests.text',
        level: 2,
        classes: 6,
        tokens: 1,
      },
      {
        title: 'marketing.course.webDevelopment.standUps.title',
        text: 'marketing.course.webDevelopment.standUps.text',
        level: 1,
        classes: 8,
        tokens: 1,
      },
    ],
  },
  {
    id: 'communication',
    name: 'Communication',
    label: 'marketing.course.communication.name',
    offers: [
      {
        title: 'marketing.course.communication.presentations.title',
        text: 'marketing.course.communication.presentations.text',
        level: 2,
        classes: 8,
        tokens: 2,
      },
      {
        title: 'marketing.course.communication.smallTalk.title',
        text: 'marketing.course.communication.smallTalk.text',
        level: 1,
        classes: 8,
        tokens: 1,
      },
      {
        title: 'marketing.course.communication.emails.title',
        text: 'marketing.course.communication.emails.text',
        level: null,
        classes: 6,
        tokens: 1,
      },
    ],
  },
  {
    id: 'business-analytics',
    name: 'Business Analytics & Intelligence',
    label: 'marketing.course.businessAnalytics.name',
    offers: [
      {
        title: 'marketing.course.businessAnalytics.dataStories.title',
        text: 'marketing.course.businessAnalytics.dataStories.text',
        level: 3,
        classes: 6,
        tokens: 2,
      },
      {
        title: 'marketing.course.businessAnalytics.kpis.title',
        text: 'marketing.course.businessAnalytics.kpis.text',
        level: 2,
        classes: 6,
        tokens: 1,
      },
      {
        title: 'marketing.course.businessAnalytics.interviews.title',
        text: 'marketing.course.businessAnalytics.interviews.text',
        level: 2,
        classes: 6,
        tokens: 1,
      },
    ],
  },
];
