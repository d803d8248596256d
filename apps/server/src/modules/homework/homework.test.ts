import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import type { ScheduleRow } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';
import { createBooking, createSchedule, createTeacher, createUser } from '../../db/seed/factories';
import { createFileStore } from '../../lib/file-store/create-file-store';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { createMailer } from '../mail/mailer';
import { createSchoolSettingsService, firstSchoolSettings } from '../school-settings/school-settings-service';
import { createHomeworkService } from './homework-service';

// Homework of a class: its teacher (or an administrator) sets a task, only learners booked on the class
// see and answer it, the teacher comments and marks it done, and a learner who has not answered is
// reminded once a day before it is due, mail switches allowing, in their own language.

const HOUR = 60 * 60 * 1000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

describe.each(TEST_DATABASE_KINDS)('homework on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), ...(payload && { payload }) });

  const upload = (url: string, token: string, file: Buffer, fileName = 'worksheet.pdf') =>
    t.app.inject({
      method: 'POST',
      url: `/api/${url}?${new URLSearchParams({ file_name: fileName })}`,
      headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
      payload: file,
    });

  async function person(role: 'user' | 'teacher' | 'admin', values: { locale?: string } = {}) {
    const made = role === 'teacher' ? await createTeacher(t.db) : await createUser(t.db, { role, ...values });
    const token = await signIn(
      t.app,
      { email: made.user.email, password: made.password },
      role === 'admin' ? '/api/admin-login' : '/api/login',
    );
    return { ...made.user, token };
  }

  /** A class two days away with its teacher, and a task the teacher set, due `dueInHours` from now. */
  async function classWithTask(dueInHours = 72) {
    const teacher = await person('teacher');
    const schedule = await createSchedule(t.db, {
      title: 'Business Writing',
      teacherId: teacher.id,
      startsAt: new Date(clock.now() + 48 * HOUR),
    });
    const dueAt = new Date(clock.now() + dueInHours * HOUR);
    const set = await call('POST', `class/${schedule.id}/homework`, teacher.token, {
      text: 'Write a short email asking for a meeting.',
      due_at: dueAt.toISOString(),
    });
    expect(set.statusCode).toBe(201);
    return { teacher, schedule, task: set.json().data, dueAt };
  }

  async function bookedLearner(schedule: ScheduleRow, values: { locale?: string } = {}) {
    const learner = await person('user', values);
    await createBooking(t.db, schedule, { userId: learner.id });
    return learner;
  }

  it('shows a task only to the learners booked on its class, and manages it only for its teacher or an admin', async () => {
    const { teacher, schedule, task } = await classWithTask();
    const booked = await bookedLearner(schedule);
    const other = await person('user');
    const otherTeacher = await person('teacher');
    const admin = await person('admin');

    const mine = await call('GET', 'user-homework', booked.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        id: task.id,
        class_title: 'Business Writing',
        text: 'Write a short email asking for a meeting.',
        status: 'due',
        submission: null,
      }),
    ]);
    expect((await call('GET', 'user-homework', other.token)).json().data).toEqual([]);
    expect(
      (await call('PUT', `homework/${task.id}/submission`, other.token, { text: 'Let me in' })).statusCode,
    ).toBe(404);

    for (const outsider of [booked, other, otherTeacher]) {
      expect((await call('GET', `class/${schedule.id}/homework`, outsider.token)).statusCode).toBe(404);
      const setByOutsider = await call('POST', `class/${schedule.id}/homework`, outsider.token, {
        text: 'Not mine to set',
        due_at: new Date(clock.now() + 72 * HOUR).toISOString(),
      });
      expect(setByOutsider.statusCode).toBe(404);
    }
    const byAdmin = await call('GET', `class/${schedule.id}/homework`, admin.token);
    expect(byAdmin.json().data).toEqual([expect.objectContaining({ id: task.id, submissions: [] })]);
    const late = await call('POST', `class/${schedule.id}/homework`, teacher.token, {
      text: 'Already due',
      due_at: new Date(clock.now() - HOUR).toISOString(),
    });
    expect(late.statusCode).toBe(409);
  });

  it('takes the answer, which the teacher comments and marks done, and the learner reads the comment', async () => {
    const { teacher, schedule, task } = await classWithTask();
    const learner = await bookedLearner(schedule);

    const first = await call('PUT', `homework/${task.id}/submission`, learner.token, { text: 'Dear Sam,' });
    expect(first.statusCode).toBe(200);
    const rewritten = await call('PUT', `homework/${task.id}/submission`, learner.token, {
      text: 'Dear Sam,\nCould we meet on Monday?',
    });
    expect(rewritten.json().data).toMatchObject({
      status: 'submitted',
      submission: { text: 'Dear Sam,\nCould we meet on Monday?', comment: '', done_at: null },
    });

    const seen = (await call('GET', `class/${schedule.id}/homework`, teacher.token)).json().data;
    expect(seen[0].submissions).toEqual([
      expect.objectContaining({ learner_id: learner.id, text: 'Dear Sam,\nCould we meet on Monday?' }),
    ]);
    const submissionId = seen[0].submissions[0].id;
    const reviewed = await call('PUT', `homework-submission/${submissionId}/review`, teacher.token, {
      comment: 'Clear and polite. Well done!',
      done: true,
    });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().data).toMatchObject({ comment: 'Clear and polite. Well done!' });
    expect(reviewed.json().data.done_at).not.toBeNull();
    const outsider = await person('teacher');
    expect(
      (
        await call('PUT', `homework-submission/${submissionId}/review`, outsider.token, {
          comment: 'Not my class',
          done: false,
        })
      ).statusCode,
    ).toBe(404);

    const [after] = (await call('GET', `user-homework?schedule_id=${schedule.id}`, learner.token)).json()
      .data;
    expect(after).toMatchObject({
      status: 'done',
      submission: { comment: 'Clear and polite. Well done!', reviewer_name: teacher.name },
    });
    const closed = await call('PUT', `homework/${task.id}/submission`, learner.token, { text: 'One more' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('homeworkDone');
  });

  it('reminds a learner who has not answered once, a day before it is due, in their language', async () => {
    // Due later than the other tests' tasks, whose learners are not this test's to remind.
    const { schedule, task, dueAt } = await classWithTask(200);
    const waiting = await bookedLearner(schedule, { locale: 'es' });
    const answered = await bookedLearner(schedule);
    const switchedOff = await bookedLearner(schedule);
    await t.db.update(users).set({ mailReminders: false }).where(eq(users.id, switchedOff.id));
    await call('PUT', `homework/${task.id}/submission`, answered.token, { text: 'Done already' });

    const homework = createHomeworkService(t.db, {
      clock,
      files: createFileStore(t.config.fileStorage),
      mailer: createMailer(t.db, { config: t.config, jobs: t.app.jobs, clock }),
      settings: createSchoolSettingsService(t.db, { first: firstSchoolSettings(t.config), clock }),
      mail: { appUrl: t.config.appUrl },
    });
    const at = (beforeDue: number) => new Date(dueAt.getTime() - beforeDue);
    expect(await homework.sendDueReminders(at(25 * HOUR))).toBe(0);
    expect(await homework.sendDueReminders(at(24 * HOUR))).toBe(1);
    expect(await homework.sendDueReminders(at(2 * HOUR))).toBe(0);

    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'homework-reminder'),
          eq(mailOutbox.event, `homework:${task.id}:${waiting.id}`),
        ),
      );
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
      [waiting.email, 'Tarea por entregar pronto: Business Writing · Tokenly English'],
    ]);
    const all = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'homework-reminder'));
    expect(all.map((mail) => mail.recipient)).not.toContain(answered.email);
    expect(all.map((mail) => mail.recipient)).not.toContain(switchedOff.email);
  });

  it("keeps a task's files for its booked learners and an answer's for its learner, both for the teacher", async () => {
    const { teacher, schedule, task } = await classWithTask();
    const learner = await bookedLearner(schedule);
    const classmate = await bookedLearner(schedule);
    const outsider = await person('user');

    const attached = await upload(`homework/${task.id}/files`, teacher.token, PDF, 'Reading.pdf');
    expect(attached.statusCode).toBe(201);
    const taskFile = attached.json().data;
    expect(taskFile).toMatchObject({ name: 'Reading.pdf', content_type: 'application/pdf' });
    expect((await upload(`homework/${task.id}/files`, outsider.token, PDF)).statusCode).toBe(404);
    const notAFile = await upload(`homework/${task.id}/files`, teacher.token, Buffer.from('<html>hi</html>'));
    expect(notAFile.statusCode).toBe(422);

    const [seen] = (await call('GET', 'user-homework', learner.token)).json().data;
    expect(seen.files).toEqual([taskFile]);
    const got = await call('GET', `homework-file/${taskFile.id}`, learner.token);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect((await call('GET', `homework-file/${taskFile.id}`, outsider.token)).statusCode).toBe(404);

    // An answer's file goes with a handed-in answer, and only its learner and the teacher read it.
    expect((await upload(`homework/${task.id}/submission/files`, learner.token, PDF)).statusCode).toBe(409);
    await call('PUT', `homework/${task.id}/submission`, learner.token, { text: 'Attached.' });
    const answered = await upload(`homework/${task.id}/submission/files`, learner.token, PDF, 'mine.pdf');
    expect(answered.statusCode).toBe(201);
    const answerFile = answered.json().data;
    expect((await call('GET', `homework-file/${answerFile.id}`, learner.token)).statusCode).toBe(200);
    expect((await call('GET', `homework-file/${answerFile.id}`, teacher.token)).statusCode).toBe(200);
    expect((await call('GET', `homework-file/${answerFile.id}`, classmate.token)).statusCode).toBe(404);
    const [reviewed] = (await call('GET', `class/${schedule.id}/homework`, teacher.token)).json().data;
    expect(reviewed.submissions[0].files).toEqual([answerFile]);
  });
});
