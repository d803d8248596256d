import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

/** Asks the server for the room's address; the server records the press for the teacher's roster. */
export function useJoinClass(classId: number | string) {
  return useMutation({
    mutationFn: () =>
      api.call(ENDPOINTS.classJoin, { params: { id: classId } }).then((body) => body.data.url),
  });
}
