import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
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

// Class materials, end to end: the demo teacher uploads a worksheet on their class page; a learner booked
// on the class downloads it from the class page; another learner can neither see nor fetch it.

const DAY = 24 * 60 * 60 * 1000;
const WORKSHEET = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

test('a teacher uploads a worksheet that a booked learner downloads and another learner cannot', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const title = `Materials E2E ${randomUUID().slice(0, 8)}`;
  const admin = await adminApi(request);
  const teacher = await signInApi(request, DEMO.teacher);
  const bookedAccount = await registerLearner(request);
  const booked = await signInApi(request, bookedAccount);
  const outsider = await signInApi(request, await registerLearner(request));

  // A class of the demo teacher tomorrow with the booked learner on its roster (the admin's free place).
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
    data: { user_id: booked.id, free: true, reason: 'e2e materials' },
  });
  expect(added.ok(), await added.text()).toBe(true);

  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, DEMO.teacher);
  await teacherPage.goto(`/teacher/class/${classId}`);
  const materials = teacherPage.getByRole('region', { name: 'Materials' });
  // Every section of the page has loaded: one still loading grows as it ends and moves the button away
  // from under the click.
  await expect(materials.getByText('No materials yet.')).toBeVisible();
  await expect(teacherPage.getByText(/^Loading the /)).toHaveCount(0);
  await materials.getByRole('form', { name: 'Upload a file' }).locator('input[type="file"]').setInputFiles({
    name: 'unit-3-worksheet.pdf',
    mimeType: 'application/pdf',
    buffer: WORKSHEET,
  });
  await materials.getByRole('textbox', { name: 'File title' }).fill('Unit 3 worksheet');
  const uploading = teacherPage.waitForResponse((response) =>
    response.url().includes(`/api/${ENDPOINTS.materialUpload.path}?`),
  );
  await materials.getByRole('button', { name: 'Upload file' }).click();
  const uploaded = await uploading;
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await expect(materials.getByRole('link', { name: 'Unit 3 worksheet' })).toBeVisible();
  await expect(materials.getByRole('button', { name: 'Remove Unit 3 worksheet' })).toBeVisible();
  expect(await seriousAxeViolations(teacherPage)).toEqual([]);
  await teacherContext.close();

  // The booked learner downloads it from the class page, as the PDF it is.
  await signInThroughApi(page, bookedAccount);
  await page.goto(`/class/${classId}`);
  const section = page.getByRole('region', { name: 'Materials for this class' });
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Unit 3 worksheet' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('unit-3-worksheet.pdf');
  const path = await download.path();
  expect(await readFile(path)).toEqual(WORKSHEET);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Another learner: no list, and the file's address answers 404.
  const list = await request.get(`/api/class/${classId}/materials`, { headers: booked.headers });
  const url = (await list.json()).data[0].url as string;
  expect((await request.get(`/api/class/${classId}/materials`, { headers: outsider.headers })).status()).toBe(
    404,
  );
  expect((await request.get(url, { headers: outsider.headers })).status()).toBe(404);
});
