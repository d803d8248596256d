import { timetableOptionsResponseSchema } from '@tokenly/contract/bookings';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createSchedule, createTeacher } from '../../db/seed/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// The timetable's filters offer every class type and teacher the school has, not only the week's; it
// opens on the week of the next class.
describe.each(TEST_DATABASE_KINDS)("the timetable's options on %s", (kind) => {
  // Years ahead of any class another test of this database made with the wall clock.
  const clock = new TestClock(Date.parse('2043-02-06T10:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(() => t.close());

  const options = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/timetable-options' });
    expect(answer.statusCode).toBe(200);
    return timetableOptionsResponseSchema.parse(answer.json()).data;
  };
  const at = (offset: number) => new Date(clock.now() + offset);

  it('lists every active type and teacher, and the next scheduled class still to come', async () => {
    const grammar = await createCourse(t.db, { courseTitle: 'Grammar Clinic' });
    const retired = await createCourse(t.db, { courseTitle: 'Retired Type', status: '0' });
    const { user: teacher } = await createTeacher(t.db, { name: 'Ada Quill' });
    const { user: gone } = await createTeacher(t.db, { name: 'Gone Teacher', disabledAt: at(-DAY) });
    await createSchedule(t.db, { title: 'Started', startsAt: at(-HOUR) });
    await createSchedule(t.db, { title: 'Cancelled', startsAt: at(2 * DAY), status: 'cancelled' });
    // Ten days ahead, beyond this week: the timetable opens on its week.
    const next = await createSchedule(t.db, { title: 'Next', startsAt: at(10 * DAY) });
    await createSchedule(t.db, { title: 'After', startsAt: at(12 * DAY) });

    const found = await options();
    expect(found.types).toContainEqual({ id: grammar.id, title: 'Grammar Clinic' });
    expect(found.types.map((type) => type.id)).not.toContain(retired.id);
    expect(found.teachers).toContainEqual({ id: teacher.id, name: 'Ada Quill' });
    expect(found.teachers.map((one) => one.id)).not.toContain(gone.id);
    expect(found.next_class_at).toBe(next.startsAt.toISOString());
  });

  it('says there is no next class when none is scheduled within a year', async () => {
    await clock.setTime(clock.now() + 400 * DAY);
    expect((await options()).next_class_at).toBeNull();
  });
});
