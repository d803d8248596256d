import { useMutation, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { ScheduleFormInput } from '@tokenly/contract/schedules';
import { api, apiUrl, endpointPath } from '../../../lib/api-client';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

/** Filters by type, series and the school's days, as the URL holds them. */
export const useSchedulePage = (page: number, filters: Record<string, string> = {}) =>
  useQuery(adminPageQueryOptions('adminSchedules', page, filters));
export const useSchedule = (id: string) => useQuery(adminQueryOptions('adminSchedule', id));
export const useCreateSchedule = () => useAdminMutation('adminScheduleCreate');
/** Cancels the class: every booking on it is cancelled and its credits refunded (server side, one transaction). */
export const useCancelSchedule = (id: number) => useAdminMutation('adminScheduleCancel', id);
export const useUpdateSchedule = (id: string) => useAdminMutation('adminScheduleUpdate', id);
/**
 * Who a change of the class would reach and what they would be told, before saving it; a read, so it
 * refreshes nothing.
 */
export const useScheduleChangePreview = (id: string) =>
  useMutation({
    mutationFn: async (body: ScheduleFormInput & { following?: boolean }) =>
      (await api.call(ENDPOINTS.adminScheduleChangePreview, { params: { id }, body })).data,
  });
/** The class's waitlist in order. */
export const useScheduleWaitlist = (id: string) => useQuery(adminQueryOptions('adminScheduleWaitlist', id));
/** Takes one learner off a waitlist; `id` is the place in line. */
export const useRemoveFromWaitlist = (id: number) => useAdminMutation('adminWaitlistRemove', id);

/** The class screen's roster: every booking with its state and attendance, and the school's zone. */
export const useScheduleRoster = (id: string) => useQuery(adminQueryOptions('adminScheduleRoster', id));
/** Gives a learner a place: paid from their credits, or free with a reason. */
export const useAddToRoster = (id: string) => useAdminMutation('adminScheduleRosterAdd', id);
/** Moves one booking to another class; `id` is the booking's. */
export const useMoveBooking = (id: number) => useAdminMutation('adminBookingMove', id);
/** One mail to each learner booked on the class. */
export const useMessageClass = (id: string) => useAdminMutation('adminScheduleMessage', id);

/** The class's roster as CSV; a plain link, as the session cookie signs GET requests. */
export const rosterCsvUrl = (id: string) =>
  apiUrl(endpointPath(ENDPOINTS.adminScheduleRosterCsv.path, { id }));
/** Every weekly series and the school's zone their start times are read in. */
export const useSeriesList = () => useQuery(adminQueryOptions('adminSeriesList'));
export const useCreateSeries = () => useAdminMutation('adminSeriesCreate');
export const useExtendSeries = (id: number) => useAdminMutation('adminSeriesExtend', id);
/** "This and following": the class and the later classes of its series that are still on. */
export const useUpdateFollowing = (id: string) => useAdminMutation('adminScheduleUpdateFollowing', id);
export const useCancelFollowing = (id: number) => useAdminMutation('adminScheduleCancelFollowing', id);
