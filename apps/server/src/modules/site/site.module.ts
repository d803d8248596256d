import type { FastifyInstance } from 'fastify';
import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ResponseCache } from '../../plugins/response-cache';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { siteRoutes } from './site.routes';
import { siteContentRoutes } from './site-content.routes';
import { createSiteContentService } from './site-content-service';
import { createSiteImages } from './site-images';
import { siteImageFileRoutes, siteImageUploadRoutes } from './site-images.routes';
import { createSiteService } from './site-service';

/**
 * The school's public site: its public teachers, its course tabs, its store addresses, and the words it
 * writes in the Site section (hero, FAQ, pages, blog).
 */
export function siteModule(
  db: Database,
  { settings, cached, clock }: { settings: SchoolSettingsSource; cached: ResponseCache; clock: Clock },
) {
  const content = createSiteContentService(db, { clock });
  const site = createSiteService(db, { settings, content, clock });
  const images = createSiteImages(db, { clock });
  const routes: ModuleRoutes = async (api) => {
    await api.register(siteRoutes, { site, cached });
    await api.register(siteContentRoutes, { content, cached });
    await api.register(siteImageUploadRoutes, { images });
  };
  /** The uploaded pictures, at the site's root (/media/…) beside its pages. */
  const rootRoutes = async (app: FastifyInstance) => app.register(siteImageFileRoutes, { images });
  return { routes, rootRoutes };
}
