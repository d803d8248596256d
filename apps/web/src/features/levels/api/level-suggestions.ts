import { useMutation, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { LevelSuggestion, LevelSuggestionBody } from '@tokenly/contract/levels';
import { api, endpointPath } from '../../../lib/api-client';
import { adminPageQueryOptions, useAdminMutation } from '../../admin/api/admin-query';

/** The class's teacher suggests a learner's new level; the school decides. */
export function useSuggestLevel(classId: string) {
  return useMutation({
    mutationFn: (body: LevelSuggestionBody) =>
      api.post<{ data: LevelSuggestion; message: string }>(
        endpointPath(ENDPOINTS.teacherLevelSuggestion.path, { id: classId }),
        body,
      ),
  });
}

/** Teachers' suggestions waiting for the administrator, oldest first. */
export const usePendingLevelSuggestions = (page: number) =>
  useQuery(adminPageQueryOptions<LevelSuggestion>('adminLevelSuggestions', page));

export const useAcceptLevelSuggestion = (id: number) =>
  useAdminMutation<undefined, LevelSuggestion>('adminLevelSuggestionAccept', id);

export const useDeclineLevelSuggestion = (id: number) =>
  useAdminMutation<undefined, LevelSuggestion>('adminLevelSuggestionDecline', id);
