import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siteImages } from '../../db/schema/site-content';

export async function insertSiteImage(db: Database, values: typeof siteImages.$inferInsert): Promise<void> {
  await db.insert(siteImages).values(values);
}

/** A stored picture's type and bytes by its id, or undefined. */
export async function findSiteImage(db: Database, id: string) {
  const [row] = await db
    .select({ contentType: siteImages.contentType, bytes: siteImages.bytes })
    .from(siteImages)
    .where(eq(siteImages.id, id));
  return row;
}
