import { courseTabNames, type SiteContent } from '@tokenly/contract/site';
import { teacherTagsOf } from '@tokenly/contract/teachers';
import type { Database } from '../../db/client';
import { type Clock, nowOf } from '../../lib/clock';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import type { SiteContentService } from './site-content-service';
import { comingClassFacts, listPublicTeachers, listTabCourses } from './site-repository';

/** The banner's facts describe the classes of the coming four weeks. */
const FACTS_DAYS = 28;
const DAY_MS = 24 * 60 * 60 * 1000;

export function createSiteService(
  db: Database,
  {
    settings,
    content,
    clock,
  }: { settings: SchoolSettingsSource; content: Pick<SiteContentService, 'publicHome'>; clock: Clock },
) {
  return {
    /** The public pages' school content: only public teachers, only tabs with an active type, only published words. */
    async content(): Promise<SiteContent> {
      const now = nowOf(clock);
      const [school, teachers, tabCourses, home, facts] = await Promise.all([
        settings.current(),
        listPublicTeachers(db),
        listTabCourses(db),
        content.publicHome(),
        comingClassFacts(db, now, new Date(now.getTime() + FACTS_DAYS * DAY_MS)),
      ]);
      const courseTabs = courseTabNames(school.courseTabs).flatMap((name, index) => {
        const placed = tabCourses.filter((course) => course.tab === index + 1);
        return placed.length === 0
          ? []
          : [
              {
                name,
                courses: placed.map(({ tab: _tab, levelRange, ...course }) => ({
                  ...course,
                  level_range: levelRange,
                })),
              },
            ];
      });
      return {
        teachers: teachers.map(({ photoUrl, profileTags, ...teacher }) => ({
          ...teacher,
          photo_url: photoUrl,
          tags: teacherTagsOf(profileTags),
        })),
        course_tabs: courseTabs,
        app_store_url: school.appStoreUrl || null,
        play_store_url: school.playStoreUrl || null,
        ...home,
        facts: { class_minutes: facts.minutes, group_size: facts.seats },
      };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
