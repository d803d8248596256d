import type { BookingIntent, UserBooking } from '@tokenly/contract/bookings';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const getUserToken = () =>
  api.get<{ data: number }>(ENDPOINTS.userToken.path).then((body) => body.data);

export const bookClass = (intent: BookingIntent) =>
  api.post<{ data: UserBooking; message: string }>(ENDPOINTS.bookClass.path, intent);
