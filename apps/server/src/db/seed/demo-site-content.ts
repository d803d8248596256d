import {
  insertBlogPost,
  insertSitePage,
  replaceFaq,
  updateHero,
} from '../../modules/site/site-content-repository';
import type { Database } from '../client';

// The demo school's own words on its site (the Site section): its hero, FAQ, pages and blog, written as
// a real school would write them about the classes the demo seeds.

const DAY_MS = 24 * 60 * 60 * 1000;

const HERO = {
  badge: 'Live online English school',
  title: 'Speak English with confidence, one class at a time',
  lead: 'Small live classes with Emma and James. Buy credits once, then book the classes that fit your week: no rigid timetable, no long contracts.',
  imageUrl: null,
};

const FAQ = [
  {
    question: 'What is a credit?',
    answer:
      'A credit is a prepaid class. A Core Flex class costs 1 credit, a Core Flex Plus class 2. Buy credits in a package, or get them every month with a membership.',
  },
  {
    question: 'How do I book a class?',
    answer:
      'Open the [timetable](/timetable), pick a class with free seats and press **Book**. The credits are taken from your balance as soon as the booking is confirmed.',
  },
  {
    question: 'How big are the groups?',
    answer:
      'Core Flex classes have at most 8 learners and Core Flex Plus classes at most 4, so everyone gets time to speak. The Conversation Club welcomes up to 10.',
  },
  {
    question: 'Can I cancel a booking?',
    answer:
      'Yes. Cancel from **My classes** before the cancellation window closes and the credits go back to your balance.',
  },
  {
    question: 'Do credits expire?',
    answer:
      'Yes. Each package and membership says how many days its credits stay valid, and we always spend the credits that expire first.',
  },
  {
    question: 'Can I cancel my membership?',
    answer:
      'At any time. Your membership simply stops renewing at the end of the period you have paid for, and your credits stay valid until they expire.',
  },
];

const PAGES = [
  {
    slug: 'about',
    title: 'About us',
    body: `We are a small online school for busy adults who want to **speak** English, not just study it.

## How we teach

Every class is live, in a small group, with a teacher who knows your name. Classes last 50 minutes and
most of that time is yours: you talk, the teacher listens, corrects and pushes you a little further.

- **Core Flex**: everyday conversation, travel English and grammar in context, up to 8 learners.
- **Core Flex Plus**: the same, in groups of at most 4, for more speaking time.
- **Conversation Club**: relaxed evening conversation with a Club pass.

## Our teachers

Emma Clarke teaches conversation and pronunciation and hosts the Conversation Club. James Patel
teaches business English: meetings, presentations and writing at work.

## Why credits

Your week is not the same as last week. Credits let you book exactly the classes you want, when you
want them, and nothing is lost when a busy week means fewer classes.`,
  },
  {
    slug: 'terms',
    title: 'Terms of service',
    body: `These terms apply to every class booked with Tokenly English.

## Credits

1. Credits are prepaid classes. Each package or membership states how long its credits stay valid.
2. A booking takes the credits the class costs as soon as it is confirmed.
3. Credits that expire are not refunded.

## Cancelling

You may cancel a booking until the cancellation window before the class begins; the credits return to
your balance. After that the class counts as taken. If we cancel a class, your credits always return.

## Memberships

A membership renews every period until you cancel it. Cancelling stops the next renewal; the credits
you already have stay valid until they expire.

## Contact

Questions about these terms: write to us with the contact form on the home page.`,
  },
  {
    slug: 'privacy',
    title: 'Privacy policy',
    body: `We keep only what we need to run your classes.

## What we keep

- Your name, email address, level and the language you use the site in.
- Your bookings, attendance and credit balance.
- Your payments: the amount, the date and the receipt. Card details are handled by our payment
  provider and never stored by us.

## Why

To book your classes, send you their links and reminders, and keep the accounts the law asks us to
keep.

## Your rights

You can see and correct your details in **Settings**, turn optional mails off, and ask us to delete your
account with the contact form.`,
  },
  {
    slug: 'cookies',
    title: 'Cookie policy',
    body: `We use one essential cookie, which keeps you signed in. It holds no personal details and is
removed when you sign out.

We do not use advertising or tracking cookies.`,
  },
];

type DemoPost = {
  slug: string;
  title: string;
  summary: string;
  author: string;
  body: string;
  /** Days before the seeding day it was published; negative for a date still to come. */
  daysAgo: number;
  draft?: true;
};

const POSTS: DemoPost[] = [
  {
    slug: 'five-ways-to-keep-a-conversation-going',
    title: 'Five ways to keep a conversation going',
    summary: 'Simple phrases that buy you time and keep the other person talking.',
    author: 'Emma Clarke',
    daysAgo: 3,
    body: `Silence is the enemy of conversation practice. These five moves keep it going.

1. **Ask a follow-up question.** *"Really? What happened next?"*
2. **Buy time.** *"That's a good question, let me think…"*
3. **Share something of your own.** *"The same thing happened to me last year."*
4. **Check you understood.** *"So you mean…?"*
5. **Change the subject gently.** *"Speaking of travel, have you ever…"*

Try one of them in your next Conversation Club.`,
  },
  {
    slug: 'how-to-interrupt-politely-in-meetings',
    title: 'Meetings: how to interrupt politely',
    summary: 'Get your point in without sounding rude.',
    author: 'James Patel',
    daysAgo: 10,
    body: `Waiting for a pause that never comes? Use a soft opener, then make your point.

## Openers

- *"Sorry to jump in, but…"*
- *"Can I add something here?"*
- *"Just a quick point on that…"*

## Handing back

Finish with *"Sorry, go on"* so the speaker can pick up where they left off.`,
  },
  {
    slug: 'the-sounds-that-give-you-away',
    title: 'The sounds that give you away',
    summary: 'Three sounds most learners find hard, and how to practise them.',
    author: 'Emma Clarke',
    daysAgo: 24,
    body: `Most accents are fine. A few sounds, though, can change the meaning of a word.

## "th"

Put the tip of your tongue between your teeth: *think*, *this*, *three*.

## Short and long "i"

*ship* and *sheep*, *live* and *leave*. Smile for the long one.

## "v" and "w"

Your top teeth touch your lip for *v*, never for *w*: *very well*.`,
  },
  {
    slug: 'writing-emails-that-get-answered',
    title: 'Writing emails that get answered',
    summary: 'Put the request first, keep it short, and make the next step obvious.',
    author: 'James Patel',
    daysAgo: 38,
    body: `Busy people read the first two lines. Make them count.

- **Subject:** say what you need. *"Approval needed: Q3 budget by Friday"*.
- **First line:** the request. Context comes after.
- **Last line:** the next step and when.`,
  },
  {
    slug: 'our-summer-timetable',
    title: 'Our summer timetable',
    summary: 'More evening classes and a weekly Conversation Club on Saturdays.',
    author: 'Emma Clarke',
    daysAgo: -5,
    draft: true,
    body: 'From next month we add evening classes and a Saturday Conversation Club. Details soon.',
  },
];

/** Runs inside the demo seed, on the database migration 0032 gave its hero and FAQ. */
export async function seedDemoSiteContent(db: Database, now: Date): Promise<void> {
  await updateHero(db, { ...HERO, updatedAt: now });
  await replaceFaq(
    db,
    FAQ.map((item) => ({ ...item, status: 'published' })),
  );
  for (const page of PAGES)
    await insertSitePage(db, { ...page, status: 'published', createdAt: now, updatedAt: now });
  for (const { daysAgo, draft, ...post } of POSTS)
    await insertBlogPost(db, {
      ...post,
      coverUrl: null,
      status: draft ? 'draft' : 'published',
      publishedAt: new Date(now.getTime() - daysAgo * DAY_MS),
      createdAt: now,
      updatedAt: now,
    });
}
