import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store/file-store';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { materialsRoutes } from './materials.routes';
import { createMaterialsService } from './materials-service';

/** Class materials (docs/classroom.md, Materials): files in the file store and links, for a class's people. */
export function materialsModule(
  db: Database,
  options: { files: FileStore; clock: Clock; settings: SchoolSettingsSource },
) {
  const service = createMaterialsService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(materialsRoutes, { materials: service });
  };
  return { routes, service };
}
