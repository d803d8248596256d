import type { OutboxMailDetail } from '@tokenly/contract/mail';
import { LOCALES, type Locale } from '@tokenly/i18n/locales';
import { type MailKey, mailTranslator } from '@tokenly/i18n/mail-catalogs';
import { and, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import englishCatalog from '../../../../../packages/i18n/catalogs/en/mail.json' with { type: 'json' };
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createSchedule, createUser } from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, signIn } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { grantCredits } from '../credits/credit-service';
import type { CurrentSchoolSettings } from '../school-settings/school-settings-service';
import type { MailRecipient } from './mail-recipients-repository';
import { formatMailTime, renderMail } from './render-mail';
import { ClassMail } from './templates/class-mail';
import { creditsExpiringMail } from './templates/credits-expiring-mail';
import { receiptMail } from './templates/payment-mail';

// Every mail to a learner is written in their language (users.locale) from the same catalogs as the web
// app, dates in Intl's writing of that language with the zone named, Arabic right to left.

const DAY = 24 * 60 * 60 * 1000;
const school = {
  schoolName: 'Tokenly English',
  schoolEmail: 'school@example.test',
  timeZone: 'Europe/London',
  meetingLinkLeadMinutes: 15,
} as CurrentSchoolSettings;
const context = { appUrl: 'https://school.test', school };
const recipient = (locale: Locale): MailRecipient => ({
  id: 1,
  email: 'ana@example.test',
  name: 'Ana',
  timezone: 'Asia/Tokyo',
  locale,
});

/** Every English sentence of the mail catalog, as the literal runs between its placeholders. */
const ENGLISH_RUNS = Object.values(englishCatalog).flatMap((message) => {
  let text = message;
  // Innermost first: a plural's cases go with it.
  while (/\{[^{}]*\}/.test(text)) text = text.replace(/\{[^{}]*\}/g, '\u0000');
  return text
    .split('\u0000')
    .map((run) => run.trim())
    .filter((run) => run.length >= 12);
});

const htmlText = (html: string) =>
  html.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');

describe('mails in the learner language', () => {
  it.each(LOCALES)('writes a mail in %s: subject, HTML and text from its catalog', (locale) => {
    const { t } = mailTranslator(locale);
    const expiresAt = new Date('2026-12-01T14:00:00Z');
    const mails = [
      creditsExpiringMail(recipient(locale), { id: 7, creditsRemaining: 3, expiresAt }, context, 'tok'),
      receiptMail(
        recipient(locale),
        {
          of: 'first-period',
          paymentId: 9,
          planTitle: 'Monthly 8',
          amountCents: 4700,
          credits: 8,
          reference: 'TK-9',
          expiresAt,
        },
        context,
      ),
    ];
    const date = formatMailTime(expiresAt, 'Asia/Tokyo', locale);
    const expected: [string, string[]][] = [
      [
        t('mail.creditsExpiring.subject', { count: 3 }),
        [
          t('mail.helloName', { name: 'Ana' }),
          t('mail.creditsExpiring.body', { count: 3, date }),
          t('mail.creditsExpiring.action'),
          t('mail.unsubscribe', { what: t('mail.optional.creditsExpiring') }).trim(),
        ],
      ],
      [
        t('mail.receipt.subject', { plan: 'Monthly 8', amount: '' }).split(',')[0] ?? '',
        [
          t('mail.receipt.firstPeriod'),
          t('mail.receipt.tokens', { count: 8, date }),
          t('mail.receipt.action'),
        ],
      ],
    ];
    mails.forEach((mail, index) => {
      const [subject, sentences] = expected[index] ?? ['', []];
      expect(mail.subject).toContain(subject);
      for (const sentence of sentences) {
        expect(mail.text).toContain(sentence);
        expect(htmlText(mail.html)).toContain(sentence);
      }
      if (locale !== 'en') {
        for (const part of [mail.subject, mail.text, htmlText(mail.html)])
          for (const run of ENGLISH_RUNS) expect(part).not.toContain(run);
      }
      const html = /<html[^>]*>/.exec(mail.html)?.[0];
      expect(html).toContain(`lang="${locale}"`);
      expect(html).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
    });
  });

  it('keeps English dates and amounts as SPEC.md writes them, and writes others in their language', () => {
    const at = new Date('2026-12-01T14:00:00Z');
    expect(formatMailTime(at, 'Europe/Paris', 'en')).toBe(
      'Tuesday, 1 December 2026 at 15:00 CET (Europe/Paris)',
    );
    expect(formatMailTime(at, 'Asia/Tokyo', 'ja')).toMatch(/^2026年12月1日火曜日 23:00 JST \(Asia\/Tokyo\)$/);
    expect(formatMailTime(at, 'Europe/Madrid', 'es')).toContain('martes, 1 de diciembre de 2026');
    const receipt = (locale: Locale) =>
      receiptMail(
        recipient(locale),
        {
          of: 'one-time',
          paymentId: 1,
          planTitle: 'P',
          amountCents: 4700,
          credits: 1,
          reference: 'R',
          expiresAt: at,
        },
        context,
      ).text;
    expect(receipt('en')).toContain('Amount paid: 47.00 USD (VAT included)');
    // Intl puts a no-break space between the number and the sign.
    expect(receipt('es')).toContain('Importe pagado: 47,00\u00a0US$ (IVA incluido)');
  });

  /** The class mail's summary for `count` credits given back, in the text part. */
  const cancelled = (locale: Locale, count: number) =>
    renderMail(
      'subject',
      createElement(ClassMail, {
        kind: 'booking-cancelled',
        name: 'Ana',
        classTitle: 'Talk',
        when: 'Tuesday',
        credits: count,
        bookingsUrl: 'https://school.test/user/list-schedule',
      }),
      'Tokenly English',
      mailTranslator(locale),
    ).text.split('\n\n')[2];

  it('gives each Arabic number its own plural form', () => {
    const start = 'ألغيت هذا الحجز؛ ';
    expect([0, 1, 2, 3, 11, 100].map((count) => cancelled('ar', count))).toEqual([
      `${start}لم تُرجَع أي نقاط إلى رصيدك.`,
      `${start}أُعيدت نقطة واحدة إلى رصيدك.`,
      `${start}أُعيدت نقطتان إلى رصيدك.`,
      `${start}أُعيدت 3 نقاط إلى رصيدك.`,
      `${start}أُعيدت 11 نقطة إلى رصيدك.`,
      `${start}أُعيدت 100 نقطة إلى رصيدك.`,
    ]);
  });

  it('has one form in Japanese and two in English', () => {
    expect([0, 1, 2, 11].map((count) => cancelled('ja', count))).toEqual(
      [0, 1, 2, 11].map((count) => `この予約をキャンセルしました。${count}クレジットが残高に戻りました。`),
    );
    expect(cancelled('en', 1)).toBe('You cancelled this booking; 1 credit returned to your balance.');
    expect(cancelled('en', 2)).toBe('You cancelled this booking; 2 credits returned to your balance.');
  });

  it('has every key of the English mail catalog in the translator', () => {
    const { t } = mailTranslator('tr');
    for (const key of Object.keys(englishCatalog) as MailKey[]) expect(t(key, { count: 1 })).not.toBe(key);
  });
});

describe.each(TEST_DATABASE_KINDS)('mails in the account language on %s', (kind) => {
  it('confirms a Spanish account booking in Spanish, its calendar file too; a visitor by their request', async () => {
    const t = await createTestApp(kind, { timezone: 'Europe/London' });
    try {
      const { user, password } = await createUser(t.db, {
        name: 'Ana',
        locale: 'es',
        timezone: 'Europe/Madrid',
      });
      await grantCredits(t.db, {
        userId: user.id,
        credits: 5,
        expiresAt: new Date(Date.now() + 90 * DAY),
        source: 'grant',
        reason: 'grant',
      });
      const schedule = await createSchedule(t.db, {
        title: 'Grammar Clinic',
        startsAt: new Date(Date.now() + 10 * DAY),
        numberToken: 2,
      });
      const token = await signIn(t.app, { email: user.email, password });
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/book-class',
        headers: bearer(token),
        payload: { schedule_id: schedule.id },
      });
      expect(booked.statusCode).toBe(200);

      const admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
      const shown = async (recipientEmail: string, mailKind: string): Promise<OutboxMailDetail> => {
        const [row] = await t.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.recipient, recipientEmail), eq(mailOutbox.kind, mailKind)));
        if (!row) throw new Error(`no ${mailKind} mail to ${recipientEmail}`);
        const detail = await t.app.inject({
          method: 'GET',
          url: `/api/admin-mail-outbox/${row.id}`,
          headers: admin,
        });
        return detail.json<{ data: OutboxMailDetail }>().data;
      };

      const confirmation = await shown(user.email, 'booking-confirmed');
      expect(confirmation.subject).toMatch(/^Reserva confirmada: Grammar Clinic .*· Tokenly English$/);
      expect(confirmation.text).toContain('Hola, Ana:');
      expect(confirmation.text).toContain('Tu plaza está reservada; usaste 2 créditos.');
      expect(confirmation.text).toContain('(Europe/Madrid)');
      expect(confirmation.text).toContain('Tus reservas: ');
      expect(confirmation.html).toContain('<html dir="ltr" lang="es">');
      const calendar = confirmation.attachments[0]?.content.replace(/\r\n[ \t]/g, '') ?? '';
      expect(calendar).toMatch(
        /DESCRIPTION:El enlace de la reunión aparece en tu Lista de reservas de clases \d+ minutos antes del inicio\./,
      );
      expect(calendar).toContain('SUMMARY:Grammar Clinic');

      const download = await t.app.inject({
        method: 'GET',
        url: `/api/booking-ics/${booked.json<{ data: { id: number } }>().data.id}`,
        headers: bearer(token),
      });
      expect(download.body.replace(/\r\n[ \t]/g, '')).toContain(
        'DESCRIPTION:El enlace de la reunión aparece',
      );

      // No account: the receipt of an enquiry speaks the language the form was sent in, the school's
      // copy stays English.
      const enquiry = {
        name: 'Yui',
        email: 'yui@example.test',
        phone: '+81 90 1234 5678',
        course: 'General English',
        message: 'Hello',
      };
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: enquiry,
        headers: { 'accept-language': 'ja-JP,en;q=0.5' },
      });
      expect(sent.statusCode).toBe(200);
      const receipt = await shown('yui@example.test', 'contact-received');
      expect(receipt.subject).toBe('メッセージを受け取りました · Tokenly English');
      expect(receipt.html).toContain('lang="ja"');
      expect((await shown(t.config.schoolEmail, 'contact-enquiry')).subject).toMatch(/^Enquiry from Yui/);

      // The language menu's cookie outranks the browser's languages.
      await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...enquiry, email: 'ela@example.test' },
        headers: { 'accept-language': 'ja', cookie: 'tokenly_locale=tr' },
      });
      expect((await shown('ela@example.test', 'contact-received')).text).toContain('Mesajını aldık');
    } finally {
      await t.close();
    }
  });
});
