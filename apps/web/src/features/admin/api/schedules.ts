import { useQuery } from '@tanstack/react-query';
import type { Schedule, ScheduleBody } from '@tokenly/contract/schedules';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useSchedulePage = (page: number) =>
  useQuery(adminPageQueryOptions<Schedule>('adminSchedules', page));
export const useSchedule = (id: string) => useQuery(adminQueryOptions<Schedule>('adminSchedule', id));
export const useCreateSchedule = () => useAdminMutation<ScheduleBody, Schedule>('adminScheduleCreate');
/** Cancels the class: every booking on it is cancelled and its credits refunded (server side, one transaction). */
export const useCancelSchedule = (id: number) =>
  useAdminMutation<Record<string, never>, { id: number; refunded_bookings: number }>(
    'adminScheduleCancel',
    id,
  );
export const useUpdateSchedule = (id: string) =>
  useAdminMutation<ScheduleBody, Schedule>('adminScheduleUpdate', id);
