import { and, asc, eq, exists, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { type ClassMaterialRow, classMaterials } from '../../db/schema/class-materials';
import { classSeries } from '../../db/schema/class-series';
import { courses } from '../../db/schema/courses';
import { schedules } from '../../db/schema/schedules';

export type MaterialTargetColumn = 'scheduleId' | 'seriesId' | 'courseId';
export type NewClassMaterial = typeof classMaterials.$inferInsert;

/** What a class's materials come from: the class, its series and its type. */
export async function findClass(db: Database, id: number) {
  const [row] = await db
    .select({
      id: schedules.id,
      courseId: schedules.courseId,
      seriesId: schedules.seriesId,
      teacherId: schedules.teacherId,
    })
    .from(schedules)
    .where(eq(schedules.id, id));
  return row;
}

export async function seriesExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: classSeries.id }).from(classSeries).where(eq(classSeries.id, id));
  return row !== undefined;
}

export async function courseExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id));
  return row !== undefined;
}

export async function isBookedOn(db: Database, userId: number, scheduleId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(eq(bookings.userId, userId), eq(bookings.scheduleId, scheduleId), eq(bookings.status, 'booked')),
    );
  return row !== undefined;
}

/** The materials each class of its series and type has too, oldest first, with where each is attached. */
export function materialsOfClass(
  db: Database,
  theClass: { id: number; seriesId: number | null; courseId: number },
) {
  const where: SQL[] = [
    eq(classMaterials.scheduleId, theClass.id),
    eq(classMaterials.courseId, theClass.courseId),
  ];
  if (theClass.seriesId !== null) where.push(eq(classMaterials.seriesId, theClass.seriesId));
  return db
    .select()
    .from(classMaterials)
    .where(or(...where))
    .orderBy(asc(classMaterials.createdAt), asc(classMaterials.id));
}

export function materialsAttachedTo(db: Database, column: MaterialTargetColumn, id: number) {
  return db
    .select()
    .from(classMaterials)
    .where(eq(classMaterials[column], id))
    .orderBy(asc(classMaterials.createdAt), asc(classMaterials.id));
}

export async function findMaterial(db: Database, id: string): Promise<ClassMaterialRow | undefined> {
  const [row] = await db.select().from(classMaterials).where(eq(classMaterials.id, id));
  return row;
}

export async function insertMaterial(db: Database, row: NewClassMaterial): Promise<ClassMaterialRow> {
  const [inserted] = await db.insert(classMaterials).values(row).returning();
  if (!inserted) throw new Error('the material was not inserted');
  return inserted;
}

export async function deleteMaterial(db: Database, id: string): Promise<void> {
  await db.delete(classMaterials).where(eq(classMaterials.id, id));
}

/**
 * Whether the user has a class the material reaches: booked on it (a learner) or giving it (a teacher).
 * A material of a series or a type reaches each of its classes.
 */
export async function reachesClassOf(
  db: Database,
  material: ClassMaterialRow,
  user: { id: number; as: 'learner' | 'teacher' },
): Promise<boolean> {
  const ofMaterial =
    material.scheduleId !== null
      ? eq(schedules.id, material.scheduleId)
      : material.seriesId !== null
        ? eq(schedules.seriesId, material.seriesId)
        : eq(schedules.courseId, material.courseId ?? 0);
  const mine =
    user.as === 'teacher'
      ? eq(schedules.teacherId, user.id)
      : exists(
          db
            .select({ one: bookings.id })
            .from(bookings)
            .where(
              and(
                eq(bookings.scheduleId, schedules.id),
                eq(bookings.userId, user.id),
                eq(bookings.status, 'booked'),
              ),
            ),
        );
  const [row] = await db.select({ id: schedules.id }).from(schedules).where(and(ofMaterial, mine)).limit(1);
  return row !== undefined;
}
