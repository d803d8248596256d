import type { Paginated } from '@tokenly/contract/common';
import type { Course, CourseBody } from '@tokenly/contract/courses';
import type { Database } from '../../db/client';
import type { CourseRow } from '../../db/schema/courses';
import { AppError } from '../../lib/app-error';
import { pageOffset, toPage } from '../../lib/pagination';
import { levelRangeValues, toLevelRange } from '../levels/level-range';
import {
  countCourses,
  findCourse,
  insertCourse,
  listActiveCourses,
  listCourses,
  updateCourse,
} from './courses-repository';

export const COURSE_NOT_FOUND = 'This class type does not exist.';

export function toCourseDto(course: CourseRow): Course {
  return {
    id: course.id,
    course_title: course.courseTitle,
    course_color: course.courseColor,
    status: course.status,
    number_token: course.numberToken,
    ...toLevelRange(course),
    description: course.description,
    level_range: course.levelRange,
    format: course.format,
    site_tab: course.siteTab,
    club: course.club,
  };
}

function toCourseValues(body: CourseBody) {
  return {
    courseTitle: body.course_title,
    courseColor: body.color,
    status: body.status,
    numberToken: body.token,
    ...levelRangeValues(body),
    description: body.description,
    levelRange: body.level_range,
    format: body.format,
    siteTab: body.site_tab,
    club: body.club,
  };
}

export function createCoursesService(db: Database) {
  return {
    /** Every type; SPEC.md's dashboard and top bar read the whole list, the Type screen pages through it. */
    async list(page?: number): Promise<Course[] | Paginated<Course>> {
      if (page === undefined) return (await listCourses(db)).map(toCourseDto);
      const [rows, total] = await Promise.all([listCourses(db, pageOffset(page)), countCourses(db)]);
      return toPage(rows.map(toCourseDto), total, page);
    },

    /** Active types only: a new class cannot be scheduled with a retired type. */
    async listActive(): Promise<Course[]> {
      return (await listActiveCourses(db)).map(toCourseDto);
    },

    async get(id: number): Promise<Course> {
      const course = await findCourse(db, id);
      if (!course) throw new AppError('NOT_FOUND', COURSE_NOT_FOUND);
      return toCourseDto(course);
    },

    async create(body: CourseBody): Promise<Course> {
      return toCourseDto(await insertCourse(db, toCourseValues(body)));
    },

    /** Existing classes keep their own credits: number_token is copied onto each schedule when it is made. */
    async update(id: number, body: CourseBody): Promise<Course> {
      const course = await updateCourse(db, id, toCourseValues(body));
      if (!course) throw new AppError('NOT_FOUND', COURSE_NOT_FOUND);
      return toCourseDto(course);
    },
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;
