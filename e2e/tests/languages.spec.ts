import type { Locator, Page } from '@playwright/test';
import type { SiteContent } from '@tokenly/contract/site';
import { LOCALE_INFO, LOCALES, type Locale } from '@tokenly/i18n/locales';
import { readBundle } from '@tokenly/i18n/read-catalogs';
import {
  expect,
  firstCalendarClass,
  grantCreditsToSignedInLearner,
  newLearner,
  revealDeferredSections,
  seriousAxeViolations,
  test,
} from '../fixtures/index';

// Every language but English, as a learner meets it: the home page and sign-up, and in two languages a
// booking and a cancellation too, each without one sentence of the English catalog, with the page's lang
// and dir, and clean under axe.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const ENGLISH = { ...readBundle('en', 'public'), ...readBundle('en', 'learner') };
const LANGUAGE_NAMES = new Set(Object.values(LOCALE_INFO).map(({ name }) => name));

/**
 * The English catalog's sentences that a page in `locale` must not show: messages without placeholders
 * or tags (whole lines as the page writes them) that the language words differently. A word both
 * languages write alike ("OK" in some) is no sign of a missing translation.
 */
function englishSentences(locale: Locale): Set<string> {
  const translated = new Set(
    Object.values({ ...readBundle(locale, 'public'), ...readBundle(locale, 'learner') }),
  );
  return new Set(
    Object.values(ENGLISH).filter(
      (text) => !/[{<]/.test(text) && /[A-Za-z]{3}/.test(text) && !translated.has(text),
    ),
  );
}

/** The English sentences among the lines, accessible names and placeholders of `scope`. */
async function englishIn(scope: Locator, sentences: Set<string>): Promise<string[]> {
  const texts = await scope.evaluate((root) => {
    // biome-ignore lint/performance/useDomNodeTextContent: the lines as rendered are what a learner reads.
    const found = (root as HTMLElement).innerText.split('\n');
    for (const element of root.querySelectorAll('[aria-label], [placeholder], [title]'))
      for (const name of ['aria-label', 'placeholder', 'title']) found.push(element.getAttribute(name) ?? '');
    return found;
  });
  const english = texts
    .map((text) => text.trim())
    .filter((text) => sentences.has(text) && !LANGUAGE_NAMES.has(text));
  return [...new Set(english)];
}

async function expectTranslatedPage(page: Page, locale: Locale, sentences: Set<string>) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('html')).toHaveAttribute('dir', LOCALE_INFO[locale].dir);
  expect(await englishIn(page.locator('body'), sentences)).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

// The pages are the same code in every language, and the catalog check proves every language has every
// message: the whole way (four pages and two dialogs) in a right-to-left and a CJK language, the first
// two pages in the others, which shows each language's catalogs reach the pages.
const WHOLE_WAY = new Set<Locale>(['ar', 'ja']);

for (const locale of LOCALES.filter((one) => one !== 'en')) {
  const whole = WHOLE_WAY.has(locale);
  const pages = whole ? 'the home page, sign-up, booking and cancelling' : 'the home page and sign-up';
  test(`${LOCALE_INFO[locale].name}: ${pages} show no English`, async ({ page, request, baseURL }) => {
    // Four pages and two dialogs, each audited by axe.
    if (whole) test.slow();
    const words = { ...readBundle(locale, 'public'), ...readBundle(locale, 'learner') };
    const say = (key: string) => {
      const text = words[key];
      if (!text) throw new Error(`no ${key} in ${locale}`);
      return text;
    };
    const sentences = englishSentences(locale);
    // The school's own words (its course tabs, class types and teachers' tags) are shown as it writes them,
    // even where one equals a sentence of ours ("Conversation Club").
    const site: SiteContent = (await (await request.get('/api/site')).json()).data;
    for (const tab of site.course_tabs) {
      sentences.delete(tab.name);
      for (const course of tab.courses) sentences.delete(course.title);
    }
    for (const teacher of site.teachers) for (const tag of teacher.tags) sentences.delete(tag);
    await page.context().addCookies([{ name: 'tokenly_locale', value: locale, url: baseURL ?? '' }]);

    await page.goto('/');
    await revealDeferredSections(page);
    await expectTranslatedPage(page, locale, sentences);

    await page.goto('/signup');
    await expect(page.getByRole('form', { name: say('auth.signup.formLabel') })).toBeVisible();
    await expectTranslatedPage(page, locale, sentences);
    if (!whole) return;

    // An account in this language, signed in on the sign-in page as the learner would.
    const learner = newLearner();
    const registered = await page.request.post('/api/register', {
      headers: XHR,
      data: { ...learner, password_confirmation: learner.password, level: 2, locale },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/login');
    await page.getByLabel(say('auth.field.email')).fill(learner.email);
    await page.getByLabel(say('auth.field.password'), { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: say('auth.login.signIn') }).click();
    await expect(page).toHaveURL(/\/user\//);
    await grantCreditsToSignedInLearner(page, request, 3);

    await page.goto('/user/dashboard');
    await expectTranslatedPage(page, locale, sentences);
    // The month calendar of the home page, where a signed-in learner books.
    const feed = page.waitForResponse(/calendar-schedules/);
    await page.goto('/');
    await revealDeferredSections(page);
    const event = await firstCalendarClass(page, feed, () =>
      page.getByRole('button', { name: say('booking.calendar.next') }).click(),
    );
    // Audited by axe as a visitor's above; the learner's calendar is checked for English only.
    expect(await englishIn(page.locator('body'), sentences)).toEqual([]);
    await event.click();
    await page
      .getByRole('button', { name: say('booking.actions.bookNow') })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: say('booking.confirm.title') });
    await expect(confirm.getByTestId('balance-after')).toBeVisible();
    expect(await englishIn(confirm, sentences)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: say('booking.confirm.submit') }).click();
    await expect(confirm).toBeHidden();

    await page.goto('/user/list-schedule');
    await page
      .getByRole('button', { name: say('learner.bookings.cancel'), exact: true })
      .first()
      .click();
    const cancel = page.getByRole('dialog');
    await expect(cancel.getByRole('button', { name: say('booking.cancelDialog.confirm') })).toBeVisible();
    expect(await englishIn(cancel, sentences)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await cancel.getByRole('button', { name: say('booking.cancelDialog.confirm') }).click();
    await expect(cancel).toBeHidden();
    await expectTranslatedPage(page, locale, sentences);
  });
}

for (const width of [1366, 360]) {
  test(`Arabic reads right to left at ${width} px: the logo at the reading start, the menu at its end`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.context().addCookies([{ name: 'tokenly_locale', value: 'ar', url: baseURL ?? '' }]);
    await page.goto('/');
    await revealDeferredSections(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const header = page.getByRole('banner');
    const logo = await header.getByRole('link', { name: 'Tokenly English' }).boundingBox();
    expect(logo).not.toBeNull();
    // The first thing of the header sits at the right edge; the page never scrolls sideways.
    expect((logo?.x ?? 0) + (logo?.width ?? 0)).toBeGreaterThan(width / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await testInfo.attach(`arabic-home-${width}.png`, {
      body: await page.screenshot({ fullPage: false }),
      contentType: 'image/png',
    });
  });
}
