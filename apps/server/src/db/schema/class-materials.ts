import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { classSeries } from './class-series';
import { courses } from './courses';
import { schedules } from './schedules';
import { users } from './users';

export const MATERIAL_KINDS = ['file', 'link'] as const;

/**
 * A file or a link for the learners of a class (docs/classroom.md, Materials): attached to one class, to a
 * series (each of its classes), or to a class type (each class of the type). The file itself is in the
 * file store under file_key.
 */
export const classMaterials = pgTable(
  'class_materials',
  {
    // Random (128 bits), as it is in the download's address.
    id: varchar('id', { length: 22 }).primaryKey(),
    scheduleId: integer('schedule_id').references(() => schedules.id),
    seriesId: integer('series_id').references(() => classSeries.id),
    courseId: integer('course_id').references(() => courses.id),
    kind: text('kind', { enum: MATERIAL_KINDS }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    url: text('url'),
    fileKey: varchar('file_key', { length: 100 }),
    // The name a download is offered under.
    fileName: varchar('file_name', { length: 160 }),
    contentType: varchar('content_type', { length: 100 }),
    sizeBytes: integer('size_bytes'),
    // Learners see it from then on; null: at once.
    visibleFrom: timestamp('visible_from', { withTimezone: true }),
    addedBy: integer('added_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('class_materials_schedule_idx').on(t.scheduleId),
    index('class_materials_series_idx').on(t.seriesId),
    index('class_materials_course_idx').on(t.courseId),
    check('class_materials_kind_check', sql`${t.kind} in ('file', 'link')`),
    check(
      'class_materials_one_target_check',
      sql`num_nonnulls(${t.scheduleId}, ${t.seriesId}, ${t.courseId}) = 1`,
    ),
    check(
      'class_materials_shape_check',
      sql`(${t.kind} = 'file' AND ${t.fileKey} IS NOT NULL AND ${t.fileName} IS NOT NULL AND ${t.contentType} IS NOT NULL AND ${t.sizeBytes} IS NOT NULL AND ${t.url} IS NULL) OR (${t.kind} = 'link' AND ${t.url} IS NOT NULL AND ${t.fileKey} IS NULL)`,
    ),
  ],
);

export type ClassMaterialRow = typeof classMaterials.$inferSelect;
