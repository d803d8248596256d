import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { bookingsRoutes } from './bookings.routes';
import { type BookingsServiceOptions, createBookingsService } from './bookings-service';
import { classRosterRoutes } from './class-roster.routes';
import { createClassRosterService } from './class-roster-service';

/** Booking and cancelling classes, with their mails and calendar files, and the class screen's roster. */
export function bookingsModule(db: Database, options: BookingsServiceOptions) {
  const bookings = createBookingsService(db, options);
  const roster = createClassRosterService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(bookingsRoutes, { bookings });
    await api.register(classRosterRoutes, { bookings, roster });
  };
  return { service: bookings, routes };
}
