// Marketing copy for the course tabs of SPEC.md section 1 (content is ours; SPEC.md names only the tabs).
export type CourseOffer = {
  title: string;
  level: 'Beginner' | 'Intermediate' | 'Advanced' | 'All levels';
  classes: number;
  tokens: number;
  text: string;
};

export type Course = { id: string; name: string; offers: [CourseOffer, CourseOffer, CourseOffer] };

export const COURSES: Course[] = [
  {
    id: 'general-english',
    name: 'General English',
    offers: [
      {
        title: 'Everyday English Foundations',
        level: 'Beginner',
        classes: 12,
        tokens: 1,
        text: 'Introduce yourself, order food, ask for directions and build the grammar you use every day.',
      },
      {
        title: 'Fluent Conversations',
        level: 'Intermediate',
        classes: 10,
        tokens: 1,
        text: 'Speak for longer, react naturally and stop translating in your head, with plenty of talking time.',
      },
      {
        title: 'Advanced Grammar in Use',
        level: 'Advanced',
        classes: 8,
        tokens: 2,
        text: 'Polish the tricky structures (conditionals, inversion, reported speech) in a group of four.',
      },
    ],
  },
  {
    id: 'it-certifications',
    name: 'IT Certifications',
    offers: [
      {
        title: 'English for Cloud Exams',
        level: 'Intermediate',
        classes: 8,
        tokens: 1,
        text: 'Read long exam questions quickly and master the wording of cloud certification tests.',
      },
      {
        title: 'Technical Interview English',
        level: 'Intermediate',
        classes: 6,
        tokens: 2,
        text: 'Explain your projects, think aloud while solving problems and answer behavioural questions.',
      },
      {
        title: 'Reading Documentation Fast',
        level: 'All levels',
        classes: 6,
        tokens: 1,
        text: 'Skim manuals, RFCs and release notes and find the one paragraph you need.',
      },
    ],
  },
  {
    id: 'leadership',
    name: 'Leadership',
    offers: [
      {
        title: 'Leading Meetings in English',
        level: 'Intermediate',
        classes: 8,
        tokens: 1,
        text: 'Open, steer and close meetings, handle interruptions and agree on next steps.',
      },
      {
        title: 'Giving Feedback with Tact',
        level: 'Advanced',
        classes: 6,
        tokens: 2,
        text: 'Praise, criticise and coach in a way that sounds natural, not blunt.',
      },
      {
        title: 'Storytelling for Leaders',
        level: 'Advanced',
        classes: 6,
        tokens: 2,
        text: 'Turn plans and numbers into stories your team remembers.',
      },
    ],
  },
  {
    id: 'web-development',
    name: 'Web Development',
    offers: [
      {
        title: 'English for Code Reviews',
        level: 'Intermediate',
        classes: 6,
        tokens: 1,
        text: 'Write review comments that are clear and kind, and answer them without sounding defensive.',
      },
      {
        title: 'Clear Pull Requests and Docs',
        level: 'Intermediate',
        classes: 6,
        tokens: 1,
        text: 'Describe changes, write READMEs and document APIs in plain, precise English.',
      },
      {
        title: 'Stand-ups and Sprint Talk',
        level: 'Beginner',
        classes: 8,
        tokens: 1,
        text: 'Report progress, raise blockers and estimate work with confidence in daily stand-ups.',
      },
    ],
  },
  {
    id: 'communication',
    name: 'Communication',
    offers: [
      {
        title: 'Confident Presentations',
        level: 'Intermediate',
        classes: 8,
        tokens: 2,
        text: 'Structure a talk, handle questions and use your voice to keep the room with you.',
      },
      {
        title: 'Small Talk and Networking',
        level: 'Beginner',
        classes: 8,
        tokens: 1,
        text: 'Start conversations with strangers, keep them going and leave a good impression.',
      },
      {
        title: 'Professional Emails',
        level: 'All levels',
        classes: 6,
        tokens: 1,
        text: 'Write emails that get answers: the right tone, the right length, no awkward phrases.',
      },
    ],
  },
  {
    id: 'business-analytics',
    name: 'Business Analytics & Intelligence',
    offers: [
      {
        title: 'Presenting Data Stories',
        level: 'Advanced',
        classes: 6,
        tokens: 2,
        text: 'Explain charts and trends so that decision makers act on them.',
      },
      {
        title: 'The Language of KPIs',
        level: 'Intermediate',
        classes: 6,
        tokens: 1,
        text: 'Describe growth, decline and forecasts precisely, with the vocabulary of dashboards.',
      },
      {
        title: 'Stakeholder Interviews',
        level: 'Intermediate',
        classes: 6,
        tokens: 1,
        text: 'Ask the questions that uncover real requirements, and summarise what you heard.',
      },
    ],
  },
];

export const COURSE_NAMES = COURSES.map((course) => course.name);
