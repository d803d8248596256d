import { auditPageResponseSchema } from '@tokenly/contract/audit';
import { userBookingPageResponseSchema } from '@tokenly/contract/bookings';
import {
  publicSchoolSettingsResponseSchema,
  type SchoolSettingsBody,
  schoolSettingChangesResponseSchema,
  schoolSettingsResponseSchema,
  schoolSettingsSaveResponseSchema,
} from '@tokenly/contract/school-settings';
import { DEFAULT_COURSE_TABS } from '@tokenly/contract/site';
import { desc, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createBooking, createSchedule, createUser } from '../../db/seed/factories';
import { expectAdminOnly } from '../../test/admin-guard';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// The school's settings live in the database, are validated, take effect on the
// next request, and every change is recorded with who, when, and the value before and after.

const HOUR = 60 * 60 * 1000;
const FIRST = {
  timezone: 'Europe/London',
  schoolEmail: 'office@tokenly.test',
  cancelWindowHours: 24,
  waitlistCutoffHours: 12,
  meetingLinkLeadMinutes: 15,
};
const VALID: SchoolSettingsBody = {
  school_name: 'Tokenly English',
  school_email: 'office@tokenly.test',
  time_zone: 'Europe/London',
  cancel_window_hours: 24,
  waitlist_cutoff_hours: 12,
  meeting_link_lead_minutes: 15,
  club_sessions_per_week: 3,
  legal_name: '',
  address: '',
  vat_number: '',
  vat_rate: 0,
  course_tabs: DEFAULT_COURSE_TABS,
  app_store_url: '',
  play_store_url: '',
  referral_friend_credits: 2,
  referral_sponsor_credits: 2,
  referral_hold_days: 14,
  referral_monthly_cap: 10,
  level_rule: 'warn',
  placement_retake_days: 30,
  level_suggestions_at_once: false,
  dunning_retry_days: '1,3,7',
  dunning_grace_days: 3,
  pause_allowed: true,
  pause_max_months: 3,
  pause_times_per_year: 1,
  pause_extends_credits: true,
  rollover_enabled: false,
  rollover_cap_periods: 1,
  material_max_mb: 20,
};

/** The video-room settings as a read gives them: the secrets only as whether one is set. */
const CLASSROOM_READ = {
  classroom_provider: 'jitsi',
  jitsi_url: 'https://meet.jit.si',
  jitsi_app_id: '',
  jitsi_app_secret_set: false,
  bbb_url: '',
  bbb_secret_set: false,
} as const;

describe.each(TEST_DATABASE_KINDS)('school settings on %s', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  let adminId: number;
  let learnerToken: string;
  const clock = new TestClock();
  const clockTime = () => new Date(clock.now()).toISOString();

  beforeAll(async () => {
    t = await createTestApp(kind, FIRST, { clock });
    const signed = await signedInUser(t.app, t.db, 'admin');
    admin = bearer(signed.token);
    adminId = signed.user.id;
    learnerToken = (await signedInUser(t.app, t.db)).token;
  });
  afterAll(() => t.close());

  const get = async () =>
    schoolSettingsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin-school-settings', headers: admin })).json(),
    ).data;
  const save = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/admin-school-settings', headers: admin, payload });
  const history = async (page = 1) =>
    schoolSettingChangesResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin-school-settings/history?page=${page}`,
          headers: admin,
        })
      ).json(),
    ).data;

  // In order: the first test sees a database no save has touched yet.
  it("starts from the environment's values, before any save", async () => {
    expect(await get()).toEqual({ ...VALID, ...CLASSROOM_READ, updated_at: null });
    expect((await history()).total).toBe(0);
  });

  it('is for admins only, except what every visitor may know', async () => {
    await expectAdminOnly(t, learnerToken, [
      { method: 'GET', url: '/api/admin-school-settings' },
      { method: 'PUT', url: '/api/admin-school-settings', payload: VALID },
      { method: 'GET', url: '/api/admin-school-settings/history' },
    ]);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/school' });
    expect(visitor.statusCode).toBe(200);
    expect(publicSchoolSettingsResponseSchema.strict().parse(visitor.json()).data).toEqual({
      school_name: 'Tokenly English',
      school_email: 'office@tokenly.test',
      time_zone: 'Europe/London',
      cancel_window_hours: 24,
      meeting_link_lead_minutes: 15,
      // Whether the timetable starts at the learner's level (off: every class for everyone).
      level_rule: 'warn',
    });
  });

  it('refuses bad values field by field and changes nothing', async () => {
    const response = await save({
      school_name: '  ',
      school_email: 'not an address',
      time_zone: 'Mars/Olympus_Mons',
      cancel_window_hours: -1,
      waitlist_cutoff_hours: 721,
      meeting_link_lead_minutes: 2.5,
      // Retries must come in order, each on a later day.
      dunning_retry_days: '3, 1',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'cancel_window_hours',
      'dunning_retry_days',
      'meeting_link_lead_minutes',
      'school_email',
      'school_name',
      'time_zone',
      'waitlist_cutoff_hours',
    ]);
    expect(response.json().errors.time_zone).toEqual(['Use an IANA time zone such as Europe/London or UTC.']);
    expect(response.json().errors.cancel_window_hours).toEqual([
      'The cancellation window must be a whole number from 0 to 720.',
    ]);
    expect((await save({ ...VALID, meeting_link_lead_minutes: undefined })).statusCode).toBe(422);
    expect((await save({ ...VALID, material_max_mb: 0 })).json().errors.material_max_mb).toEqual([
      'The largest material file must be a whole number from 1 to 200.',
    ]);
    expect(await get()).toEqual({ ...VALID, ...CLASSROOM_READ, updated_at: null });
    expect((await history()).total).toBe(0);
  });

  it('saves, records each changed value with who and when, and the audit log has the save', async () => {
    const response = await save({
      ...VALID,
      school_name: 'Tokenly English Bristol',
      // Any spelling the runtime knows is kept in its canonical form.
      time_zone: 'america/new_york',
      cancel_window_hours: '6',
    });
    const savedAt = clockTime();
    expect(response.statusCode).toBe(200);
    const saved = schoolSettingsSaveResponseSchema.parse(response.json());
    expect(saved.message).toBe('School settings saved.');
    const expected = {
      ...VALID,
      ...CLASSROOM_READ,
      school_name: 'Tokenly English Bristol',
      time_zone: 'America/New_York',
      cancel_window_hours: 6,
      updated_at: savedAt,
    };
    expect(saved.data).toEqual(expected);
    expect(await get()).toEqual(expected);

    const changes = await history();
    expect(changes.total).toBe(3);
    const bySetting = Object.fromEntries(changes.data.map((change) => [change.setting, change]));
    expect(bySetting).toEqual({
      school_name: expect.objectContaining({
        old_value: 'Tokenly English',
        new_value: 'Tokenly English Bristol',
      }),
      time_zone: expect.objectContaining({ old_value: 'Europe/London', new_value: 'America/New_York' }),
      cancel_window_hours: expect.objectContaining({ old_value: '24', new_value: '6' }),
    });
    for (const change of changes.data) {
      expect(change.changed_by).toEqual({ id: adminId, name: 'Test Admin' });
      expect(change.changed_at).toBe(savedAt);
    }

    const audit = auditPageResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin-audit-log', headers: admin })).json(),
    ).data;
    expect(audit.data[0]).toMatchObject({
      action: 'adminSchoolSettingsSave',
      actor: { id: adminId },
      details: expect.objectContaining({ cancel_window_hours: 6, school_name: 'Tokenly English Bristol' }),
    });

    // The same values again: nothing changed, nothing recorded.
    await clock.tick(HOUR);
    expect((await save({ ...VALID, ...expected, updated_at: undefined })).statusCode).toBe(200);
    expect((await history()).total).toBe(3);
    expect((await get()).updated_at).toBe(savedAt);
  });

  it('pages the history newest first, 15 a page', async () => {
    const before = (await history()).total;
    for (let hours = 1; hours <= 16; hours += 1) {
      await clock.tick(60_000);
      expect((await save({ ...VALID, cancel_window_hours: hours })).statusCode).toBe(200);
    }
    const first = await history(1);
    // The first of these saves also puts the name and the zone back: 16 window changes and 2 more.
    expect(first.total).toBe(before + 18);
    expect(first.data).toHaveLength(15);
    expect(first.data[0]).toMatchObject({ setting: 'cancel_window_hours', old_value: '15', new_value: '16' });
    const second = await history(2);
    expect(second.current_page).toBe(2);
    expect(second.data.length).toBe(first.total - 15);
  });

  it("a change is in effect on the next request: the learner's bookings follow the cancellation window", async () => {
    const learner = await signedInUser(t.app, t.db);
    // Ten hours away on the real clock the booking list reads: hours of margin either side of each window.
    const schedule = await createSchedule(t.db, { startsAt: new Date(Date.now() + 10 * HOUR) });
    await createBooking(t.db, schedule, { userId: learner.user.id });
    const booking = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user-course-schedule',
        headers: bearer(learner.token),
      });
      return userBookingPageResponseSchema.parse(response.json()).data.data[0];
    };

    expect((await save({ ...VALID, cancel_window_hours: 24 })).statusCode).toBe(200);
    // Still cancellable (it has not started), no longer for free (a late cancel).
    expect(await booking()).toMatchObject({
      cancellable: true,
      free_cancellation: false,
      cancel_until: new Date(schedule.startsAt.getTime() - 24 * HOUR).toISOString(),
    });

    expect((await save({ ...VALID, cancel_window_hours: 2 })).statusCode).toBe(200);
    expect(await booking()).toMatchObject({
      free_cancellation: true,
      cancel_until: new Date(schedule.startsAt.getTime() - 2 * HOUR).toISOString(),
    });
  });

  it('names the school in mail as its settings say at the time of writing', async () => {
    const { user } = await createUser(t.db);
    const resetMail = async () => {
      await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
      const [mail] = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, user.email))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      return mail;
    };
    expect((await save({ ...VALID, school_name: 'Riverside English' })).statusCode).toBe(200);
    const renamed = await resetMail();
    expect(renamed?.subject).toBe('Set a new password for Riverside English');
    expect(renamed?.html).toContain('Riverside English');
    expect(renamed?.text).toContain('Riverside English');
    expect(renamed?.text).not.toContain('Tokenly English');

    expect((await save(VALID)).statusCode).toBe(200);
    expect((await resetMail())?.subject).toBe('Set a new password for Tokenly English');
  });

  it('tells apart the admins who made the changes', async () => {
    // The changes name their admin by id; another admin's save is told apart.
    const other = await createUser(t.db, { role: 'admin', name: 'Second Admin' });
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin-login',
        payload: { email: other.user.email, password: other.password },
      })
    ).json<{ access_token: string }>().access_token;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin-school-settings',
      headers: bearer(token),
      payload: { ...VALID, cancel_window_hours: 3 },
    });
    expect(response.statusCode).toBe(200);
    expect((await history()).data[0]).toMatchObject({
      changed_by: { id: other.user.id, name: 'Second Admin' },
      setting: 'cancel_window_hours',
      old_value: String(VALID.cancel_window_hours),
      new_value: '3',
    });
  });

  it('keeps the invoice details when a save leaves them out (a client from before invoices)', async () => {
    const invoiced = {
      legal_name: 'Tokenly English Ltd',
      address: '1 High St\nLondon',
      vat_number: 'GB123',
      vat_rate: 20,
    };
    expect((await save({ ...VALID, ...invoiced })).statusCode).toBe(200);
    const { legal_name: _name, address: _address, vat_number: _number, vat_rate: _rate, ...older } = VALID;
    expect((await save({ ...older, cancel_window_hours: 25 })).statusCode).toBe(200);
    expect(await get()).toMatchObject({ ...invoiced, cancel_window_hours: 25 });
    expect((await save(VALID)).statusCode).toBe(200);
  });
});
