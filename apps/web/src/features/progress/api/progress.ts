import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { CertificateBody, CertificateRevokeBody, ClassNoteBody } from '@tokenly/contract/progress';
import { api, apiUrl, endpointPath } from '../../../lib/api-client';

const KEY = 'progress';

/** The signed-in learner's progress, or a learner's as the administrator reads it. */
export const progressQuery = (studentId?: number) =>
  queryOptions({
    queryKey: [KEY, studentId ?? 'me'],
    queryFn: ({ signal }) =>
      (studentId === undefined
        ? api.call(ENDPOINTS.userProgress, { signal })
        : api.call(ENDPOINTS.adminStudentProgress, { params: { id: studentId }, signal })
      ).then((body) => body.data),
  });

export const certificatesQuery = (studentId?: number) =>
  queryOptions({
    queryKey: [KEY, 'certificates', studentId ?? 'me'],
    queryFn: ({ signal }) =>
      (studentId === undefined
        ? api.call(ENDPOINTS.userCertificates, { signal })
        : api.call(ENDPOINTS.adminStudentCertificates, { params: { id: studentId }, signal })
      ).then((body) => body.data),
  });

export const certificatePdfUrl = (id: number) =>
  apiUrl(endpointPath(ENDPOINTS.userCertificatePdf.path, { id }));

export function useIssueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateBody) =>
      api.call(ENDPOINTS.userCertificateCreate, { body }).then((b) => b.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'certificates'] }),
  });
}

export function useRevokeCertificate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateRevokeBody) =>
      api.call(ENDPOINTS.adminCertificateRevoke, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'certificates'] }),
  });
}

export const certificateCheckQuery = (code: string) =>
  queryOptions({
    queryKey: [KEY, 'check', code],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.certificateCheck, { params: { code }, signal }).then((body) => body.data),
  });

/** The notes on a class's learners, as the administrator reads and writes them. */
export const adminClassNotesQuery = (scheduleId: string) =>
  queryOptions({
    queryKey: [KEY, 'class-notes', scheduleId],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.adminClassNotes, { params: { id: scheduleId }, signal }).then((body) => body.data),
  });

export function useSaveAdminClassNote(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassNoteBody) =>
      api.call(ENDPOINTS.adminClassNoteSave, { params: { id: scheduleId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'class-notes', scheduleId] }),
  });
}
