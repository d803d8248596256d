import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderMail } from './render-mail';
import { ClassMail } from './templates/class-mail';
import { ContactEnquiryMail } from './templates/contact-mail';
import { ReminderMail } from './templates/reminder-mail';

// The plain-text part is the template drawn in its text form (issue 15): it must say what the HTML says,
// with no markup of its own and the characters the HTML escapes as they were written.

const TAG = /<\/?[a-z][^>]*>/i;

describe('renderMail', () => {
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
        enquiry: {
          id: 1,
          name: 'Bo',
          email: 'bo@example.test',
          phone: null,
          course: 'Business',
          message: 'First line\nSecond <b>line</b> & more',
          createdAt: new Date('2026-11-24T10:00:00Z'),
        } as Parameters<typeof ContactEnquiryMail>[0]['enquiry'],
        received: 'Tuesday',
        messagesUrl: 'https://school.test/admin/messages',
      }),
      'Tokenly English',
    );
    expect(mail.text).toContain(
      'Name: Bo\nEmail: bo@example.test\nPhone: —\nCourse interest: Business\nReceived: Tuesday',
    );
    expect(mail.text).toContain('First line\nSecond <b>line</b> & more');
    expect(mail.text.replace('<b>line</b>', '')).not.toMatch(TAG);
    expect(mail.html).toContain('Second &lt;b&gt;line&lt;/b&gt; &amp; more');
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
        unsubscribe: { what: 'class reminders', url: 'https://school.test/unsubscribe?token=x' },
      }),
      'Tokenly English',
    );
    expect(mail.text).not.toMatch(TAG);
    expect(mail.text).toContain('A reminder: your class starts in 24 hours.');
    expect(mail.text).toMatch(
      /— Tokenly English\n\nYou get class reminders because they are on in your Settings\. To turn them off: https:\/\/school\.test\/unsubscribe\?token=x$/,
    );
  });
});
