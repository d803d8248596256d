import { useQuery } from '@tanstack/react-query';
import type { Schedule, ScheduleBody } from '@tokenly/contract/schedules';
import type { AdminWaitlistEntry } from '@tokenly/contract/waitlist';
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
/** The class's waitlist in order (issue 14). */
export const useScheduleWaitlist = (id: string) =>
  useQuery(adminQueryOptions<AdminWaitlistEntry[]>('adminScheduleWaitlist', id));
/** Takes one learner off a waitlist; `id` is the place in line. */
export const useRemoveFromWaitlist = (id: number) =>
  useAdminMutation<Record<string, never>, { id: number; schedule_id: number }>('adminWaitlistRemove', id);
