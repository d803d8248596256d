import { classDetailsResponseSchema } from '@tokenly/contract/bookings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createSchedule, createTeacher } from '../../db/seed/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

const DAY = 24 * 60 * 60 * 1000;

// A page per class with a shareable URL, for visitors as for learners.
describe.each(TEST_DATABASE_KINDS)('one class for its page on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const read = (id: number) => t.app.inject({ method: 'GET', url: `/api/calendar-class/${id}` });

  it('gives a visitor the class with its type, level, description, teacher and seats', async () => {
    const course = await createCourse(t.db, {
      courseTitle: 'Conversation Club',
      levelMin: 3,
      levelMax: 4,
      description: 'Talk about the week in small groups.',
    });
    const schedule = await createSchedule(t.db, {
      courseId: course.id,
      title: 'Storytelling Night',
      teacherId: (await createTeacher(t.db, { name: 'Emma Clarke', bio: 'Ten years of teaching adults.' }))
        .user.id,
      noOfUsers: 6,
      numberToken: 2,
      startsAt: new Date(Date.now() + 3 * DAY),
    });
    const answer = await read(schedule.id);
    expect(answer.statusCode).toBe(200);
    expect(classDetailsResponseSchema.parse(answer.json()).data).toMatchObject({
      id: schedule.id,
      title: 'Storytelling Night',
      course_title: 'Conversation Club',
      level_min: 'B1',
      level_max: 'B2',
      course_description: 'Talk about the week in small groups.',
      teacher_name: 'Emma Clarke',
      teacher_bio: 'Ten years of teaching adults.',
      number_token: 2,
      seats_left: 6,
      bookable: true,
      waitlist_open: false,
      status: 'scheduled',
      starts_at: schedule.startsAt.toISOString(),
    });
  });

  it('says a cancelled class is cancelled and offers nothing on it; an unknown one is a 404', async () => {
    const schedule = await createSchedule(t.db, { status: 'cancelled', noOfUsers: 1, seatsTaken: 1 });
    const details = classDetailsResponseSchema.parse((await read(schedule.id)).json()).data;
    expect(details).toMatchObject({ status: 'cancelled', bookable: false, waitlist_open: false });
    expect((await read(999_999)).statusCode).toBe(404);
  });
});
