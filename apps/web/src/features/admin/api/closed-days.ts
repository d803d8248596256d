import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';
import { adminQueryOptions, useAdminMutation } from './admin-query';

export const useClosedDays = () => useQuery(adminQueryOptions('adminClosedDays'));

/** The classes still on that day: asked right before closing it, so always read afresh. */
export const closedDayClasses = (day: string) =>
  api.call(ENDPOINTS.adminClosedDayClasses, { query: { day } }).then((body) => body.data);

export const useAddClosedDay = () => useAdminMutation('adminClosedDayCreate');

export const useRemoveClosedDay = (id: number) => useAdminMutation('adminClosedDayRemove', id);
