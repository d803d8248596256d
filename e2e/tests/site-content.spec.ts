import { randomUUID } from 'node:crypto';
import { adminLogin, expect, invalidMarkup, seriousAxeViolations, test } from '../fixtures';

// The Site section: an administrator rewrites the About page and publishes a blog post, previewing the
// Markdown as visitors will see it; a visitor reads both, with nothing the Markdown smuggled in running.

test('an admin edits the About page and publishes a post, and a visitor reads both', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const mark = randomUUID().slice(0, 8);
  const story = `We opened our doors in ${mark}.`;

  await adminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Site' }).click();
  await expect(page.getByRole('heading', { name: 'Site', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Title')).not.toHaveValue('');
  expect(await seriousAxeViolations(page), '/admin/site').toEqual([]);

  // A picture uploaded for the hero: the server keeps it as WebP and the field takes its address, with a
  // preview. Not saved: the demo school's banner stays as every other test sees it.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a picture for image address' }).click();
  await (await chooser).setFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(page.getByRole('textbox', { name: 'Image address' })).toHaveValue(
    /^\/media\/[\w-]{22}\.webp$/,
  );
  await expect(page.getByRole('img', { name: 'Preview of image address' })).toBeVisible();
  expect(await seriousAxeViolations(page), 'the hero form with an uploaded picture').toEqual([]);

  // The About page, with a script and a javascript: link the server's sanitiser must drop.
  await page.getByRole('tab', { name: 'Pages' }).click();
  await page.getByRole('link', { name: 'About us' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Page' })).toBeVisible();
  const text = page.getByRole('textbox', { name: 'Text' });
  await text.fill(
    `## Our story\n\n${story}\n\n<script>window.hacked = true</script>\n\n[Win a prize](javascript:window.hacked=true)`,
  );
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Text preview' });
  await expect(preview.getByRole('heading', { name: 'Our story' })).toBeVisible();
  await expect(preview.getByText(story)).toBeVisible();
  expect(await seriousAxeViolations(page), 'the page editor with its preview').toEqual([]);
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Page saved.' })).toBeVisible();

  // A post, published now.
  const title = `Small talk before a meeting ${mark}`;
  await page.goto('/admin/site?tab=blog');
  await page.getByRole('link', { name: 'Add post' }).click();
  await page.getByLabel('Title').fill(title);
  await expect(page.getByLabel('Slug')).toHaveValue(`small-talk-before-a-meeting-${mark}`);
  await page.getByLabel('Summary').fill('Three openers that make the first minutes easy.');
  await page.getByLabel('Author').fill('James Patel');
  await page
    .getByRole('textbox', { name: 'Text' })
    .fill('Try **"How was your weekend?"** before the agenda.');
  await page.getByLabel('Status').selectOption('Published');
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Post saved.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
  expect(await seriousAxeViolations(page), 'the post editor').toEqual([]);

  // A visitor: the About page's new words, the script never run and the script link gone.
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
  await expect(visitor).toHaveURL(/\/about-us$/);
  await expect(visitor.getByRole('heading', { name: 'About us', level: 1 })).toBeVisible();
  await expect(visitor.getByText(story)).toBeVisible();
  await expect(visitor.getByRole('main').getByRole('link', { name: 'Win a prize' })).toHaveCount(0);
  expect(await visitor.evaluate(() => 'hacked' in window)).toBe(false);
  expect(await seriousAxeViolations(visitor), '/about-us').toEqual([]);
  expect(await invalidMarkup(visitor), '/about-us').toEqual([]);

  // The blog lists the post; its page shows the text.
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  await expect(visitor).toHaveURL(/\/blogs$/);
  await visitor.getByRole('link', { name: title }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blogs/small-talk-before-a-meeting-${mark}$`));
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(visitor.getByRole('main').getByText('How was your weekend?')).toBeVisible();
  expect(await seriousAxeViolations(visitor), 'a post').toEqual([]);
  expect(await invalidMarkup(visitor), 'a post').toEqual([]);
  await visitor.goto('/blogs');
  await expect(visitor.getByRole('link', { name: title })).toBeVisible();
  expect(await seriousAxeViolations(visitor), '/blogs').toEqual([]);
  expect(await invalidMarkup(visitor), '/blogs').toEqual([]);

  // The other pages of the footer are the school's, and a draft is not there at all.
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' }).click();
  await expect(visitor).toHaveURL(/\/pages\/terms$/);
  await expect(visitor.getByRole('heading', { name: 'Terms of service', level: 1 })).toBeVisible();
  expect(await seriousAxeViolations(visitor), '/pages/terms').toEqual([]);
  await visitor.goto('/blogs/our-summer-timetable');
  await expect(visitor.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // On a phone, none of the school's pages scrolls sideways.
  await visitor.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/about-us',
    '/blogs',
    `/blogs/small-talk-before-a-meeting-${mark}`,
    '/pages/privacy',
  ]) {
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth), path).toBe(360);
  }
  await visitor.close();
});
