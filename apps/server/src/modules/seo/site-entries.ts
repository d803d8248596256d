import { ABOUT_SLUG } from '@tokenly/contract/constants';
import type { Database } from '../../db/client';
import { type Clock, nowOf } from '../../lib/clock';
import type { Memo } from '../../plugins/response-cache';
import { findHero, listPublishedSiteEntries } from '../site/site-content-repository';
import type { PublishedEntries, PublishedEntry } from './seo-service';

/**
 * What the school published on its site, at the addresses the web app shows it (apps/web/src/config/
 * routes.ts): the hero's words and picture for the home page, each page and each visible post. Every
 * page's head reads them, so they are read once per generation and window of the response cache: a
 * publication through the API shows at once, a post scheduled for now within the window.
 */
export function siteContentEntries(db: Database, clock: Clock, memo: Memo): PublishedEntries {
  return () => memo('published-site-entries', () => readEntries(db, clock));
}

async function readEntries(db: Database, clock: Clock): Promise<PublishedEntry[]> {
  const [hero, entries] = await Promise.all([findHero(db), listPublishedSiteEntries(db, nowOf(clock))]);
  const home: PublishedEntry = {
    path: '/',
    title: hero.title,
    description: hero.lead,
    imageUrl: hero.imageUrl,
    updatedAt: hero.updatedAt,
  };
  return [
    home,
    ...entries.map(
      (entry): PublishedEntry =>
        entry.kind === 'post'
          ? {
              path: `/blogs/${entry.slug}`,
              title: entry.title,
              description: entry.summary ?? '',
              imageUrl: entry.coverUrl,
              updatedAt: entry.updatedAt,
              type: 'article',
            }
          : {
              path: entry.slug === ABOUT_SLUG ? '/about-us' : `/pages/${entry.slug}`,
              title: entry.title,
              description: '',
              updatedAt: entry.updatedAt,
            },
    ),
  ];
}
