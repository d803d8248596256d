import { useMutation } from '@tanstack/react-query';
import type { ClassJoin } from '@tokenly/contract/classroom';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api, endpointPath } from '../../../lib/api-client';

/** Asks the server for the room's address; the server records the press for the teacher's roster. */
export function useJoinClass(classId: number | string) {
  return useMutation({
    mutationFn: () =>
      api
        .post<{ data: ClassJoin }>(endpointPath(ENDPOINTS.classJoin.path, { id: String(classId) }))
        .then((body) => body.data.url),
  });
}
