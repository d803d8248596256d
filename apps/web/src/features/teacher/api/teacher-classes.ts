import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassMessageBody } from '@tokenly/contract/class-roster';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { ClassNote, ClassNoteBody } from '@tokenly/contract/progress';
import type {
  AttendanceBody,
  RosterEntry,
  TeacherClassDetails,
  TeacherClasses,
} from '@tokenly/contract/teachers';
import { api, endpointPath } from '../../../lib/api-client';

const KEY = 'teacher';

export const teacherClassesQuery = () =>
  queryOptions({
    queryKey: [KEY, 'classes'],
    queryFn: ({ signal }) =>
      api.get<{ data: TeacherClasses }>(ENDPOINTS.teacherClasses.path, undefined, signal).then((b) => b.data),
  });

export const teacherClassQuery = (id: string) =>
  queryOptions({
    queryKey: [KEY, 'class', id],
    queryFn: ({ signal }) =>
      api
        .get<{ data: TeacherClassDetails }>(
          endpointPath(ENDPOINTS.teacherClass.path, { id }),
          undefined,
          signal,
        )
        .then((b) => b.data),
  });

/** Marks one learner; the roster is read again so the page shows what the server stored. */
export function useMarkAttendance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceBody) =>
      api.put<{ data: RosterEntry }>(endpointPath(ENDPOINTS.teacherAttendance.path, { id }), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** Mails everyone booked on the teacher's own class. */
export function useMessageClass(id: string) {
  return useMutation({
    mutationFn: (body: ClassMessageBody) =>
      api.post<{ data: { sent: number } }>(endpointPath(ENDPOINTS.teacherClassMessage.path, { id }), body),
  });
}

export const teacherClassNotesQuery = (id: string) =>
  queryOptions({
    queryKey: [KEY, 'notes', id],
    queryFn: ({ signal }) =>
      api
        .get<{ data: ClassNote[] }>(endpointPath(ENDPOINTS.teacherClassNotes.path, { id }), undefined, signal)
        .then((b) => b.data),
  });

/** Writes (or rewrites) the note on one learner of the class. */
export function useSaveClassNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassNoteBody) =>
      api.put<{ data: ClassNote }>(endpointPath(ENDPOINTS.teacherClassNoteSave.path, { id }), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'notes', id] }),
  });
}
