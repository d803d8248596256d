import { type SiteContent, siteContentResponseSchema } from '@tokenly/contract/site';
import { teacherResponseSchema } from '@tokenly/contract/teachers';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createSchedule, createTeacher } from '../../db/seed/factories';
import { RESPONSE_CACHE_WINDOW_MS } from '../../plugins/response-cache';
import { expectAdminOnly } from '../../test/admin-guard';
import { bearer, createTestApp, signedInUser, type TestApp, XHR } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// The home page's school content: what every visitor reads (public teachers only, the course tabs of the
// active class types, the store addresses) and how administrators change it.

describe.each(TEST_DATABASE_KINDS)('site content on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let admin: { authorization: string };
  let learnerToken: string;
  let teacherToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    learnerToken = (await signedInUser(t.app, t.db)).token;
    teacherToken = (await signedInUser(t.app, t.db, 'teacher')).token;
  });
  afterAll(() => t.close());

  const site = async (headers: Record<string, string> = XHR): Promise<SiteContent> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site', headers });
    expect(response.statusCode).toBe(200);
    return siteContentResponseSchema.parse(response.json()).data;
  };
  const putTeacher = (id: number, payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/admin-teachers/${id}`, headers, payload });
  const saveSettings = async (changes: Record<string, unknown>) => {
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/admin-school-settings', headers: admin })
    ).json().data;
    const { updated_at: _at, ...body } = current;
    return t.app.inject({
      method: 'PUT',
      url: '/api/admin-school-settings',
      headers: admin,
      payload: { ...body, ...changes },
    });
  };

  it('shows every visitor the same content: public teachers only, never a hidden or disabled one', async () => {
    await createTeacher(t.db, {
      name: 'Ana Public',
      headline: 'Pronunciation coach',
      bio: 'Ten years of teaching.',
      profileTags: 'Pronunciation, Club',
      profilePublic: true,
    });
    await createTeacher(t.db, { name: 'Hidden Teacher', bio: 'Not on the site yet.' });
    await createTeacher(t.db, {
      name: 'Gone Teacher',
      profilePublic: true,
      disabledAt: new Date(clock.now()),
    });

    const anonymous = await site();
    expect(anonymous.teachers).toEqual([
      {
        id: expect.any(Number),
        name: 'Ana Public',
        headline: 'Pronunciation coach',
        bio: 'Ten years of teaching.',
        photo_url: null,
        tags: ['Pronunciation', 'Club'],
      },
    ]);
    expect(JSON.stringify(anonymous)).not.toMatch(/Hidden Teacher|Gone Teacher|@/);
    for (const token of [learnerToken, teacherToken]) expect(await site(bearer(token))).toEqual(anonymous);
    expect(await site(admin)).toEqual(anonymous);
  });

  it("lets only administrators edit a teacher's profile, which visitors then see; a save leaving it out keeps it", async () => {
    const { user } = await createTeacher(t.db, { name: 'Bea Teacher', email: 'bea@tokenly.test' });
    const profile = {
      name: 'Bea Teacher',
      email: 'bea@tokenly.test',
      bio: 'Business English and interviews.',
      headline: 'Business English',
      photo_url: 'https://images.example.com/bea.jpg',
      tags: ' Interviews ,, Meetings ',
      profile_public: true,
    };
    await expectAdminOnly(t, learnerToken, [
      { method: 'PUT', url: `/api/admin-teachers/${user.id}`, payload: profile },
    ]);
    const byTeacher = await putTeacher(user.id, profile, bearer(teacherToken));
    expect(byTeacher.statusCode).toBe(403);
    expect((await site()).teachers.map((teacher) => teacher.name)).not.toContain('Bea Teacher');

    const saved = await putTeacher(user.id, profile);
    expect(saved.statusCode).toBe(200);
    expect(teacherResponseSchema.parse(saved.json()).data).toMatchObject({
      headline: 'Business English',
      photo_url: 'https://images.example.com/bea.jpg',
      tags: ['Interviews', 'Meetings'],
      profile_public: true,
    });
    expect((await site()).teachers).toContainEqual({
      id: user.id,
      name: 'Bea Teacher',
      headline: 'Business English',
      bio: 'Business English and interviews.',
      photo_url: 'https://images.example.com/bea.jpg',
      tags: ['Interviews', 'Meetings'],
    });

    // A client from before the profile sends name, email and bio only: the profile stays.
    const older = await putTeacher(user.id, {
      name: 'Bea Teacher',
      email: 'bea@tokenly.test',
      bio: 'New bio.',
    });
    expect(older.statusCode).toBe(200);
    expect((await site()).teachers).toContainEqual(expect.objectContaining({ id: user.id, bio: 'New bio.' }));

    // Only an https address is a photo: a script address or plain http is refused.
    for (const photo of ['javascript:alert(1)', 'http://images.example.com/bea.jpg']) {
      const refused = await putTeacher(user.id, { ...profile, photo_url: photo });
      expect(refused.statusCode).toBe(422);
    }

    expect((await putTeacher(user.id, { ...profile, profile_public: false })).statusCode).toBe(200);
    expect((await site()).teachers.map((teacher) => teacher.id)).not.toContain(user.id);
  });

  it("lists the active class types under the school's tab names, each with its card's facts", async () => {
    const placed = await createCourse(t.db, {
      courseTitle: 'Core Flex',
      numberToken: 1,
      description: 'Everyday conversation.',
      levelRange: 'A2 to B2',
      format: 'Live online · up to 8 learners',
      siteTab: 1,
    });
    const leadership = await createCourse(t.db, { courseTitle: 'Leadership', numberToken: 2, siteTab: 3 });
    await createCourse(t.db, { courseTitle: 'Retired', status: '0', siteTab: 1 });
    await createCourse(t.db, { courseTitle: 'Not on the site' });
    // Written straight to the database, not through the API: seen once the cached answer's window ends.
    await clock.tick(RESPONSE_CACHE_WINDOW_MS);

    expect((await site()).course_tabs).toEqual([
      {
        name: 'General English',
        courses: [
          {
            id: placed.id,
            title: 'Core Flex',
            description: 'Everyday conversation.',
            level_range: 'A2 to B2',
            format: 'Live online · up to 8 learners',
            credits: 1,
            color: '#2F80ED',
            club: false,
          },
        ],
      },
      {
        name: 'Leadership',
        courses: [expect.objectContaining({ id: leadership.id, title: 'Leadership', credits: 2 })],
      },
    ]);

    // The tab names are a school setting: renamed there, the tabs follow; a tab's number stays its line.
    const renamed = await saveSettings({ course_tabs: 'Everyday English\r\n\n  Tech  \nLeading teams' });
    expect(renamed.statusCode).toBe(200);
    // Kept as typed; blank lines are no tab.
    expect(renamed.json().data.course_tabs).toBe('Everyday English\r\n\n  Tech  \nLeading teams');
    expect((await site()).course_tabs.map((tab) => tab.name)).toEqual(['Everyday English', 'Leading teams']);
    expect((await saveSettings({ course_tabs: '\n \n' })).statusCode).toBe(422);
    expect((await saveSettings({ course_tabs: 'x'.repeat(41) })).statusCode).toBe(422);
  });

  it('gives the store addresses only once the school has them', async () => {
    expect(await site()).toMatchObject({ app_store_url: null, play_store_url: null });
    expect((await saveSettings({ app_store_url: 'http://apps.example.com/x' })).statusCode).toBe(422);
    const saved = await saveSettings({ app_store_url: 'https://apps.example.com/tokenly' });
    expect(saved.statusCode).toBe(200);
    expect(await site()).toMatchObject({
      app_store_url: 'https://apps.example.com/tokenly',
      play_store_url: null,
    });
    expect((await saveSettings({ app_store_url: '' })).statusCode).toBe(200);
    expect((await site()).app_store_url).toBeNull();
  });
  it("states the usual class length and the largest group of the coming four weeks' classes, or nothing", async () => {
    expect((await site()).facts).toEqual({ class_minutes: null, group_size: null });
    const now = clock.now();
    const day = 24 * 60 * 60 * 1000;
    for (const [days, minutes, seats] of [
      [1, 50, 6],
      [2, 50, 8],
      [3, 45, 4],
    ] as const) {
      await createSchedule(t.db, {
        startsAt: new Date(now + days * day),
        durationMin: minutes,
        noOfUsers: seats,
      });
    }
    // Not counted: a cancelled class, one already begun, one beyond the four weeks.
    await createSchedule(t.db, {
      startsAt: new Date(now + day),
      durationMin: 90,
      noOfUsers: 20,
      status: 'cancelled',
    });
    await createSchedule(t.db, { startsAt: new Date(now - 60_000), durationMin: 90, noOfUsers: 20 });
    await createSchedule(t.db, { startsAt: new Date(now + 29 * day), durationMin: 90, noOfUsers: 20 });
    await clock.tick(RESPONSE_CACHE_WINDOW_MS);
    expect((await site()).facts).toEqual({ class_minutes: 50, group_size: 8 });
  });
});
