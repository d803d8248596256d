import { useMutation, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { LevelSuggestionBody } from '@tokenly/contract/levels';
import { api } from '../../../lib/api-client';
import { adminPageQueryOptions, useAdminMutation } from '../../admin/api/admin-query';

/** The class's teacher suggests a learner's new level; the school decides. */
export function useSuggestLevel(classId: string) {
  return useMutation({
    mutationFn: (body: LevelSuggestionBody) =>
      api.call(ENDPOINTS.teacherLevelSuggestion, { params: { id: classId }, body }),
  });
}

/** Teachers' suggestions waiting for the administrator, oldest first. */
export const usePendingLevelSuggestions = (page: number) =>
  useQuery(adminPageQueryOptions('adminLevelSuggestions', page));

export const useAcceptLevelSuggestion = (id: number) => useAdminMutation('adminLevelSuggestionAccept', id);

export const useDeclineLevelSuggestion = (id: number) => useAdminMutation('adminLevelSuggestionDecline', id);
