import { queryOptions } from '@tanstack/react-query';
import type { ClubPass } from '@tokenly/contract/club-pass';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

/** The signed-in learner's Club pass and the school's club classes a week. */
export const userClubPassQuery = () =>
  queryOptions({
    queryKey: [ENDPOINTS.userClubPass.path],
    queryFn: ({ signal }) => api.call(ENDPOINTS.userClubPass, { signal }).then((body) => body.data),
  });

/** Whether the pass books a club class starting at `startsAt` (the server's rule, for what pages say). */
export const passCoversStart = (pass: ClubPass | null | undefined, startsAt: string) =>
  pass != null && pass.from <= startsAt && startsAt < pass.until;
