import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderMail } from './render-mail';
import { AccountExistsMail } from './templates/account-exists-mail';
import { ClassMail } from './templates/class-mail';
import { ContactEnquiryMail, ContactReceivedMail } from './templates/contact-mail';
import { CreditsExpiringMail } from './templates/credits-expiring-mail';
import { PasswordResetMail } from './templates/password-reset-mail';
import { ReceiptMail, SubscriptionNotice } from './templates/payment-mail';
import { ReminderMail } from './templates/reminder-mail';
import { TeacherInvitationMail } from './templates/teacher-invitation-mail';
import { WaitlistNotice } from './templates/waitlist-mail';
import { WelcomeMail } from './templates/welcome-mail';

// The plain-text part is the template drawn in its text form: it must say what the HTML says,
// with no markup of its own and the characters the HTML escapes as they were written.

const TAG = /<\/?[a-z][^>]*>/i;

const url = 'https://school.test/page?a=1&b=2';
const unsubscribe = { kind: 'credits-expiring' as const, url };
const english = mailTranslator('en');
const contact = {
  id: 1,
  name: 'Bo',
  email: 'bo@example.test',
  phone: null,
  course: 'Business',
  message: 'First line\nSecond <b>line</b> & more',
  createdAt: new Date('2026-11-24T10:00:00Z'),
} as Parameters<typeof ContactEnquiryMail>[0]['enquiry'];
const lesson = { name: 'Ana', classTitle: 'Talk', when: 'Tuesday', credits: 2 };

// Every template, in every variant that draws different blocks.
const EVERY_TEMPLATE: [string, ReactElement][] = [
  ...(
    [
      'booking-confirmed',
      'booking-cancelled',
      'booking-removed',
      'class-cancelled',
      'waitlist-promoted',
    ] as const
  ).map((kind): [string, ReactElement] => [
    kind,
    createElement(ClassMail, { ...lesson, kind, lateCancel: true, bookingsUrl: url }),
  ]),
  [
    'contact enquiry',
    createElement(ContactEnquiryMail, { enquiry: contact, received: 'now', messagesUrl: url }),
  ],
  ['contact received', createElement(ContactReceivedMail, { name: 'Bo' })],
  [
    'credits expiring',
    createElement(CreditsExpiringMail, {
      name: 'Ana',
      credits: 3,
      expires: 'Friday',
      bookUrl: url,
      unsubscribe,
    }),
  ],
  ['password reset', createElement(PasswordResetMail, { name: 'Ana', link: url, validMinutes: 30 })],
  ...(['one-time', 'first-period', 'renewal'] as const).map((of): [string, ReactElement] => [
    `receipt ${of}`,
    createElement(ReceiptMail, {
      name: 'Ana',
      of,
      planTitle: 'Plan',
      amountCents: 4700,
      credits: 8,
      expires: 'May',
      reference: 'pi_1',
      paymentsUrl: url,
    }),
  ]),
  ...(['renewal-failed', 'subscription-ended'] as const).map((kind): [string, ReactElement] => [
    kind,
    createElement(SubscriptionNotice, {
      kind,
      name: 'Ana',
      planTitle: 'Plan',
      amountCents: 4700,
      actionUrl: url,
    }),
  ]),
  ...(['class-reminder', 'class-starting-soon'] as const).map((kind): [string, ReactElement] => [
    kind,
    createElement(ReminderMail, {
      ...lesson,
      kind,
      hoursBefore: 24,
      leadMinutes: 15,
      meetingLink: url,
      bookingsUrl: url,
      unsubscribe,
    }),
  ]),
  ['teacher invitation', createElement(TeacherInvitationMail, { name: 'Tea', link: url, validDays: 7 })],
  ...(['waitlist-skipped', 'waitlist-closed'] as const).map((kind): [string, ReactElement] => [
    kind,
    createElement(WaitlistNotice, { ...lesson, kind, url, cancelled: true }),
  ]),
  ['welcome', createElement(WelcomeMail, { link: url, again: false })],
  ['account exists', createElement(AccountExistsMail, { name: 'Ana', loginLink: url, resetLink: url })],
];

describe('renderMail', () => {
  it.each(EVERY_TEMPLATE)(
    'draws the %s mail as text with no markup, every link written out',
    (_, element) => {
      const mail = renderMail('Subject', element, 'Tokenly English', english);
      expect(mail.text.replace('<b>line</b>', '')).not.toMatch(TAG);
      expect(mail.text).not.toMatch(/&(?:amp|lt|gt|quot|#x27);/);
      expect(mail.text).toMatch(/^Tokenly English\n\n/);
      expect(mail.text).toContain('— Tokenly English');
      // Every link of the HTML is written out in the text.
      const links = [...mail.html.matchAll(/href="([^"]*)"/g)].map(([, href]) =>
        href?.replaceAll('&amp;', '&'),
      );
      for (const link of links) expect(mail.text).toContain(link);
    },
  );

  it('writes the text part from the same template: every sentence, line and link, no tags', () => {
    const mail = renderMail(
      'Booking confirmed',
      createElement(ClassMail, {
        kind: 'booking-confirmed',
        name: 'Ana <Learner> & "Co" O\'Neil',
        classTitle: 'Morning talk (General English)',
        when: 'Tuesday, 1 December 2026 at 15:00 GMT+1 (Europe/Paris)',
        credits: 2,
        bookingsUrl: 'https://school.test/user/list-schedule?a=1&b=2',
      }),
      'Riverside English',
      english,
    );
    expect(mail.text).toBe(
      [
        'Riverside English',
        'Hello Ana <Learner> & "Co" O\'Neil,',
        'Your place is booked; 2 credits used. The calendar file attached adds the class to your calendar.',
        'Morning talk (General English)\nTuesday, 1 December 2026 at 15:00 GMT+1 (Europe/Paris)',
        'Your bookings: https://school.test/user/list-schedule?a=1&b=2',
        '— Riverside English',
      ].join('\n\n'),
    );
    // The HTML escapes what the text keeps as written, and bolds the class.
    expect(mail.html).toContain('Hello Ana &lt;Learner&gt; &amp; &quot;Co&quot; O&#x27;Neil,');
    expect(mail.html).toContain('<strong>Morning talk (General English)</strong><br/>Tuesday');
    expect(mail.html).toContain('href="https://school.test/user/list-schedule?a=1&amp;b=2"');
  });

  it("keeps a sender's own lines and markup-like text as plain text", () => {
    const mail = renderMail(
      'Enquiry',
      createElement(ContactEnquiryMail, {
        enquiry: contact,
        received: 'Tuesday',
        messagesUrl: 'https://school.test/admin/messages',
      }),
      'Tokenly English',
      english,
    );
    expect(mail.text).toContain(
      'Name: Bo\nEmail: bo@example.test\nPhone: —\nCourse interest: Business\nReceived: Tuesday',
    );
    expect(mail.text).toContain('First line\nSecond <b>line</b> & more');
    expect(mail.text.replace('<b>line</b>', '')).not.toMatch(TAG);
    expect(mail.html).toContain('First line<br/>Second &lt;b&gt;line&lt;/b&gt; &amp; more');
  });

  it('ends with why the mail came and the link that turns it off', () => {
    const mail = renderMail(
      'Reminder',
      createElement(ReminderMail, {
        kind: 'class-reminder',
        name: 'Cy',
        classTitle: 'Evening talk',
        when: 'Wednesday',
        hoursBefore: 24,
        leadMinutes: 15,
        meetingLink: null,
        bookingsUrl: 'https://school.test/user/list-schedule',
        unsubscribe: { kind: 'class-reminder', url: 'https://school.test/unsubscribe?token=x' },
      }),
      'Tokenly English',
      english,
    );
    expect(mail.text).not.toMatch(TAG);
    expect(mail.text).toContain('A reminder: your class starts in 24 hours.');
    expect(mail.text).toMatch(
      /— Tokenly English\n\nYou get class reminders because they are on in your Settings\. To turn them off: https:\/\/school\.test\/unsubscribe\?token=x$/,
    );
  });
});
