import type { DatabaseHandle, DatabaseKind } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pingDatabase } from './health-repository';

export async function checkHealth(
  database: DatabaseHandle,
): Promise<{ status: 'ok'; database: DatabaseKind }> {
  try {
    await pingDatabase(database.db);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.');
  }
  return { status: 'ok', database: database.kind };
}
