import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** The rows of a raw query: both drivers answer `{ rows }`, which the shared Database type does not say. */
export async function rawRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}
