import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowOf, systemClock } from '../../lib/clock';
import { createSiteContentService } from '../../modules/site/site-content-service';
import { temporaryFileStore } from '../../test/temporary-file-store';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { seedDemoData } from './seed';

// The demo school's site is filled: its own hero, FAQ, the four pages the footer links and a blog with a
// draft among its posts.

describe('demo site content', () => {
  let test: TestDatabase;
  const now = nowOf(systemClock);
  let content: ReturnType<typeof createSiteContentService>;
  const store = temporaryFileStore();
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    expect(await seedDemoData(test.database.db, { timeZone: 'Europe/London', now, files: store.files })).toBe(
      true,
    );
    content = createSiteContentService(test.database.db, { clock: systemClock });
  });
  afterAll(async () => {
    await test.destroy();
    store.remove();
  });

  it('publishes the hero, the FAQ and the About, Terms, Privacy and Cookies pages', async () => {
    const home = await content.publicHome();
    expect(home.hero.title).toBe('Speak English with confidence, one class at a time');
    expect(home.faq.map((item) => item.question)).toContain('How big are the groups?');
    expect(home.pages.map((page) => page.slug)).toEqual(['about', 'terms', 'privacy', 'cookies']);
    const about = await content.publicPage('about');
    expect(about.html).toContain('<h2>Our teachers</h2>');
  });

  it('lists its published posts newest first and keeps the draft out', async () => {
    const blog = await content.publicPosts(1);
    expect(blog.data.map((post) => post.slug)).toEqual([
      'five-ways-to-keep-a-conversation-going',
      'how-to-interrupt-politely-in-meetings',
      'the-sounds-that-give-you-away',
      'writing-emails-that-get-answered',
    ]);
    expect((await content.posts()).map((post) => post.slug)).toContain('our-summer-timetable');
  });
});
