import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CefrLevel } from '@tokenly/contract/cefr';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from './api-client';
import { isLearner, useSession } from './session';

/** The school's settings a learner's pages explain, such as when the join link shows. */
export const schoolQuery = () =>
  queryOptions({
    queryKey: ['school'],
    queryFn: ({ signal }) => api.call(ENDPOINTS.schoolSettings, { signal }).then((body) => body.data),
  });

/**
 * The level a learner's class lists start filtered by: their own, unless the school books any class for
 * anyone (its level rule off), where levels only inform. Null for a visitor or a learner without one.
 */
export function useStartingLevelFilter(): CefrLevel | null {
  const session = useSession();
  const myLevel = isLearner(session) ? (session.userData?.cefr_level ?? null) : null;
  const rule = useQuery({ ...schoolQuery(), enabled: myLevel !== null }).data?.level_rule;
  return rule === 'off' ? null : myLevel;
}
