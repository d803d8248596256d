import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassMessageBody } from '@tokenly/contract/class-roster';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { ClassNoteBody } from '@tokenly/contract/progress';
import type { AttendanceBody } from '@tokenly/contract/teachers';
import { api } from '../../../lib/api-client';

const KEY = 'teacher';

export const teacherClassesQuery = () =>
  queryOptions({
    queryKey: [KEY, 'classes'],
    queryFn: ({ signal }) => api.call(ENDPOINTS.teacherClasses, { signal }).then((b) => b.data),
  });

export const teacherClassQuery = (id: string) =>
  queryOptions({
    queryKey: [KEY, 'class', id],
    queryFn: ({ signal }) => api.call(ENDPOINTS.teacherClass, { params: { id }, signal }).then((b) => b.data),
  });

/** Marks one learner; the roster is read again so the page shows what the server stored. */
export function useMarkAttendance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceBody) => api.call(ENDPOINTS.teacherAttendance, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** Mails everyone booked on the teacher's own class. */
export function useMessageClass(id: string) {
  return useMutation({
    mutationFn: (body: ClassMessageBody) => api.call(ENDPOINTS.teacherClassMessage, { params: { id }, body }),
  });
}

export const teacherClassNotesQuery = (id: string) =>
  queryOptions({
    queryKey: [KEY, 'notes', id],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.teacherClassNotes, { params: { id }, signal }).then((b) => b.data),
  });

/** Writes (or rewrites) the note on one learner of the class. */
export function useSaveClassNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassNoteBody) => api.call(ENDPOINTS.teacherClassNoteSave, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'notes', id] }),
  });
}
