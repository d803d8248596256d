import { randomUUID } from 'node:crypto';
import {
  adminApi,
  DEMO,
  expect,
  registerLearner,
  seriousAxeViolations,
  signInApi,
  signInThroughApi,
  test,
} from '../fixtures';

// Homework, end to end: the demo teacher sets a task with a file on their class page; a learner booked
// on the class downloads the file and answers the task from the class page; the teacher comments and
// marks it done; the learner reads the comment in their Homework list. axe on each new screen.

const DAY = 24 * 60 * 60 * 1000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

test('a teacher sets homework, a booked learner hands it in, the teacher comments and the learner reads it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const id = randomUUID().slice(0, 8);
  const title = `Homework E2E ${id}`;
  const admin = await adminApi(request);
  const teacher = await signInApi(request, DEMO.teacher);
  const learnerAccount = await registerLearner(request);
  const learner = await signInApi(request, learnerAccount);

  // A class of the demo teacher tomorrow with the learner on its roster (the admin's free place).
  const types = await (await request.get('/api/admin-courses-list', { headers: admin })).json();
  const created = await request.post('/api/admin-course-schedule', {
    headers: admin,
    data: {
      course_id: types.data[0].id as number,
      allow_closed_day: true,
      allow_teacher_clash: true,
      title,
      no_of_users: 4,
      token: 1,
      teacher_id: teacher.id,
      date: new Date(Date.now() + DAY).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const classId = (await created.json()).data.id as number;
  const added = await request.post(`/api/admin-course-schedule/${classId}/roster`, {
    headers: admin,
    data: { user_id: learner.id, free: true, reason: 'e2e homework' },
  });
  expect(added.ok(), await added.text()).toBe(true);

  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, DEMO.teacher);
  await teacherPage.goto(`/teacher/class/${classId}`);
  await teacherPage
    .getByRole('textbox', { name: 'Task', exact: true })
    .fill('Write five sentences about your weekend.');
  await teacherPage.getByRole('button', { name: 'Set homework' }).click();
  await expect(teacherPage.getByText('0 of 1 answered')).toBeVisible();
  // Mantine's file field is a button over a hidden input, which takes the file.
  await teacherPage
    .getByRole('article', { name: /^Homework due / })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'reading.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(teacherPage.getByRole('link', { name: 'reading.pdf' })).toBeVisible();
  expect(await seriousAxeViolations(teacherPage)).toEqual([]);

  await signInThroughApi(page, learnerAccount);
  await page.goto(`/class/${classId}`);
  const task = page.getByRole('article', { name: `Homework for ${title}` });
  await expect(task.getByText('Write five sentences about your weekend.')).toBeVisible();
  await expect(task.getByText('To do')).toBeVisible();
  const [reading] = await Promise.all([
    page.waitForEvent('download'),
    task.getByRole('link', { name: 'reading.pdf' }).click(),
  ]);
  expect(reading.suggestedFilename()).toBe('reading.pdf');
  await task.getByRole('textbox', { name: 'Your answer' }).fill('On Saturday I went hiking with my sister.');
  await task.getByRole('button', { name: `Hand in my homework for ${title}` }).click();
  await expect(task.getByText('Handed in', { exact: true })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await teacherPage.reload();
  const answer = teacherPage.getByRole('form', { name: `Answer of ${learnerAccount.name}` });
  await expect(answer.getByText('On Saturday I went hiking with my sister.')).toBeVisible();
  await answer
    .getByLabel(`Comment for ${learnerAccount.name}`)
    .fill('Lovely! Try the past tense of "go" again.');
  await answer.getByLabel(`Mark ${learnerAccount.name}'s answer done`).check();
  await answer.getByRole('button', { name: `Save the review of ${learnerAccount.name}'s answer` }).click();
  await expect(answer.getByText('Done', { exact: true })).toBeVisible();
  await teacherContext.close();

  await page.goto('/user/dashboard');
  await page.getByRole('link', { name: 'Homework' }).first().click();
  await expect(page).toHaveURL(/\/user\/homework$/);
  await expect(page.getByRole('heading', { name: 'Homework', level: 1 })).toBeVisible();
  const done = page.getByRole('region', { name: 'Done' });
  await expect(done.getByText('Lovely! Try the past tense of "go" again.')).toBeVisible();
  await expect(done.getByText(/ commented:$/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
