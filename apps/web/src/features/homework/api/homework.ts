import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { HomeworkFile, HomeworkReviewBody, HomeworkTaskBody } from '@tokenly/contract/homework';
import { ApiError, api, apiUrl, endpointPath, errorFromBody } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

const KEY = 'homework';

/** The signed-in learner's homework: every booked class's, or one class's (its class page). */
export const userHomeworkQuery = (scheduleId?: number) =>
  queryOptions({
    queryKey: [KEY, 'mine', scheduleId ?? 'all'],
    queryFn: ({ signal }) =>
      api
        .call(ENDPOINTS.userHomework, {
          query: scheduleId === undefined ? {} : { schedule_id: scheduleId },
          signal,
        })
        .then((body) => body.data),
  });

export function useSubmitHomework() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, text }: { taskId: number; text: string }) =>
      api
        .call(ENDPOINTS.homeworkSubmit, { params: { id: taskId }, body: { text } })
        .then((body) => body.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'mine'] }),
  });
}

/** A class's tasks with every answer, for its teacher or an administrator. */
export const classHomeworkQuery = (scheduleId: string) =>
  queryOptions({
    queryKey: [KEY, 'class', scheduleId],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.classHomework, { params: { id: scheduleId }, signal }).then((body) => body.data),
  });

export function useSetHomework(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeworkTaskBody) =>
      api.call(ENDPOINTS.classHomeworkCreate, { params: { id: scheduleId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'class', scheduleId] }),
  });
}

export function useReviewHomework(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, ...body }: HomeworkReviewBody & { submissionId: number }) =>
      api.call(ENDPOINTS.homeworkReview, { params: { id: submissionId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'class', scheduleId] }),
  });
}

/** Sends a file itself as the body (its kind is told by its content on the server), named by the query. */
async function sendFile(path: string, file: File): Promise<HomeworkFile> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, { file_name: file.name }), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/octet-stream',
        'X-Requested-With': 'XMLHttpRequest',
      },
      credentials: 'same-origin',
      body: file,
    });
  } catch {
    throw new ApiError(0, t('errors.networkFailure'));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw await errorFromBody(response.status, body);
  return (body as { data: HomeworkFile }).data;
}

/** A file of the learner's handed-in answer. */
export function useAttachAnswerFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, file }: { taskId: number; file: File }) =>
      sendFile(endpointPath(ENDPOINTS.homeworkAnswerFileUpload.path, { id: taskId }), file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'mine'] }),
  });
}

/** A file of a task, from the class's teacher or an administrator. */
export function useAttachTaskFile(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, file }: { taskId: number; file: File }) =>
      sendFile(endpointPath(ENDPOINTS.homeworkTaskFileUpload.path, { id: taskId }), file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'class', scheduleId] }),
  });
}
