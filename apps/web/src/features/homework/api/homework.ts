import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type {
  HomeworkReviewBody,
  HomeworkSubmission,
  HomeworkTask,
  HomeworkTaskBody,
  LearnerHomework,
} from '@tokenly/contract/homework';
import { api, endpointPath } from '../../../lib/api-client';

const KEY = 'homework';

/** The signed-in learner's homework: every booked class's, or one class's (its class page). */
export const userHomeworkQuery = (scheduleId?: number) =>
  queryOptions({
    queryKey: [KEY, 'mine', scheduleId ?? 'all'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: LearnerHomework[] }>(
          ENDPOINTS.userHomework.path,
          scheduleId === undefined ? undefined : { schedule_id: scheduleId },
          signal,
        )
        .then((body) => body.data),
  });

export function useSubmitHomework() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, text }: { taskId: number; text: string }) =>
      api
        .put<{ data: LearnerHomework }>(endpointPath(ENDPOINTS.homeworkSubmit.path, { id: taskId }), { text })
        .then((body) => body.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'mine'] }),
  });
}

/** A class's tasks with every answer, for its teacher or an administrator. */
export const classHomeworkQuery = (scheduleId: string) =>
  queryOptions({
    queryKey: [KEY, 'class', scheduleId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: HomeworkTask[] }>(
          endpointPath(ENDPOINTS.classHomework.path, { id: scheduleId }),
          undefined,
          signal,
        )
        .then((body) => body.data),
  });

export function useSetHomework(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeworkTaskBody) =>
      api.post<{ data: HomeworkTask }>(
        endpointPath(ENDPOINTS.classHomeworkCreate.path, { id: scheduleId }),
        body,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'class', scheduleId] }),
  });
}

export function useReviewHomework(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, ...body }: HomeworkReviewBody & { submissionId: number }) =>
      api.put<{ data: HomeworkSubmission }>(
        endpointPath(ENDPOINTS.homeworkReview.path, { id: submissionId }),
        body,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'class', scheduleId] }),
  });
}
