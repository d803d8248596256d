import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type {
  Certificate,
  CertificateBody,
  CertificateCheck,
  CertificateRevokeBody,
  ClassNote,
  ClassNoteBody,
  Progress,
} from '@tokenly/contract/progress';
import { api, apiUrl, endpointPath } from '../../../lib/api-client';

const KEY = 'progress';

/** The signed-in learner's progress, or a learner's as the administrator reads it. */
export const progressQuery = (studentId?: number) =>
  queryOptions({
    queryKey: [KEY, studentId ?? 'me'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: Progress }>(
          studentId === undefined
            ? ENDPOINTS.userProgress.path
            : endpointPath(ENDPOINTS.adminStudentProgress.path, { id: studentId }),
          undefined,
          signal,
        )
        .then((body) => body.data),
  });

export const certificatesQuery = (studentId?: number) =>
  queryOptions({
    queryKey: [KEY, 'certificates', studentId ?? 'me'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: Certificate[] }>(
          studentId === undefined
            ? ENDPOINTS.userCertificates.path
            : endpointPath(ENDPOINTS.adminStudentCertificates.path, { id: studentId }),
          undefined,
          signal,
        )
        .then((body) => body.data),
  });

export const certificatePdfUrl = (id: number) =>
  apiUrl(endpointPath(ENDPOINTS.userCertificatePdf.path, { id }));

export function useIssueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateBody) =>
      api.post<{ data: Certificate }>(ENDPOINTS.userCertificateCreate.path, body).then((b) => b.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'certificates'] }),
  });
}

export function useRevokeCertificate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateRevokeBody) =>
      api.post<{ data: Certificate }>(endpointPath(ENDPOINTS.adminCertificateRevoke.path, { id }), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'certificates'] }),
  });
}

export const certificateCheckQuery = (code: string) =>
  queryOptions({
    queryKey: [KEY, 'check', code],
    queryFn: ({ signal }) =>
      api
        .get<{ data: CertificateCheck }>(
          endpointPath(ENDPOINTS.certificateCheck.path, { code }),
          undefined,
          signal,
        )
        .then((body) => body.data),
  });

/** The notes on a class's learners, as the administrator reads and writes them. */
export const adminClassNotesQuery = (scheduleId: string) =>
  queryOptions({
    queryKey: [KEY, 'class-notes', scheduleId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: ClassNote[] }>(
          endpointPath(ENDPOINTS.adminClassNotes.path, { id: scheduleId }),
          undefined,
          signal,
        )
        .then((body) => body.data),
  });

export function useSaveAdminClassNote(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassNoteBody) =>
      api.put<{ data: ClassNote }>(endpointPath(ENDPOINTS.adminClassNoteSave.path, { id: scheduleId }), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY, 'class-notes', scheduleId] }),
  });
}
