import { courseTabNames, type SiteContent } from '@tokenly/contract/site';
import { teacherTagsOf } from '@tokenly/contract/teachers';
import type { Database } from '../../db/client';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import type { SiteContentService } from './site-content-service';
import { listPublicTeachers, listTabCourses } from './site-repository';

export function createSiteService(
  db: Database,
  { settings, content }: { settings: SchoolSettingsSource; content: Pick<SiteContentService, 'publicHome'> },
) {
  return {
    /** The public pages' school content: only public teachers, only tabs with an active type, only published words. */
    async content(): Promise<SiteContent> {
      const [school, teachers, tabCourses, home] = await Promise.all([
        settings.current(),
        listPublicTeachers(db),
        listTabCourses(db),
        content.publicHome(),
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
      };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
