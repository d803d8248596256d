import { useQuery } from '@tanstack/react-query';
import type {
  ClosedDay,
  ClosedDayClass,
  ClosedDayCreated,
  ClosedDayInput,
} from '@tokenly/contract/closed-days';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';
import { adminQueryOptions, useAdminMutation } from './admin-query';

export const useClosedDays = () => useQuery(adminQueryOptions<ClosedDay[]>('adminClosedDays'));

/** The classes still on that day: asked right before closing it, so always read afresh. */
export const closedDayClasses = (day: string) =>
  api
    .get<{ data: ClosedDayClass[] }>(ENDPOINTS.adminClosedDayClasses.path, { day })
    .then((body) => body.data);

export const useAddClosedDay = () =>
  useAdminMutation<ClosedDayInput, ClosedDayCreated>('adminClosedDayCreate');

export const useRemoveClosedDay = (id: number) =>
  useAdminMutation<undefined, { ok: true }>('adminClosedDayRemove', id);
