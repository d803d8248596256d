import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { bookingsRoutes } from './bookings.routes';
import { type BookingsServiceOptions, createBookingsService } from './bookings-service';

/** Booking and cancelling classes, with their mails and calendar files. */
export function bookingsModule(db: Database, options: BookingsServiceOptions) {
  const bookings = createBookingsService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(bookingsRoutes, { bookings });
  };
  return { service: bookings, routes };
}
