import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '@tokenly/contract/common';
import type { LedgerRow, UserCredits } from '@tokenly/contract/credits';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const userCreditsQuery = () =>
  queryOptions({
    queryKey: [ENDPOINTS.userCredits.path],
    queryFn: ({ signal }) =>
      api.get<{ data: UserCredits }>(ENDPOINTS.userCredits.path, undefined, signal).then((body) => body.data),
  });

export const useUserCredits = () => useQuery(userCreditsQuery());

export const creditHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: [ENDPOINTS.userCreditHistory.path, page],
    queryFn: ({ signal }) =>
      api
        .get<{ data: Paginated<LedgerRow> }>(ENDPOINTS.userCreditHistory.path, { page }, signal)
        .then((body) => body.data),
  });

export const useCreditHistory = (page: number) => useQuery(creditHistoryQuery(page));
