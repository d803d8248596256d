import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { Material, MaterialLinkBody, MaterialTarget } from '@tokenly/contract/materials';
import { ApiError, api, apiUrl, errorFromBody } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

const KEY = 'materials';

/** A class's materials with its series' and type's: what the viewer may see of them. */
export const classMaterialsQuery = (classId: number | string) =>
  queryOptions({
    queryKey: [KEY, 'class', String(classId)],
    queryFn: ({ signal }) =>
      api.call(ENDPOINTS.classMaterials, { params: { id: classId }, signal }).then((body) => body.data),
  });

/** The materials attached to a series or a class type itself. */
export const attachedMaterialsQuery = (target: MaterialTarget, targetId: number | string) =>
  queryOptions({
    queryKey: [KEY, target, String(targetId)],
    queryFn: ({ signal }) =>
      api
        .call(ENDPOINTS.materialsOf, { query: { target, target_id: targetId }, signal })
        .then((body) => body.data),
  });

export type MaterialUpload = {
  target: MaterialTarget;
  targetId: number;
  title: string;
  file: File;
  /** An ISO instant, or null for at once. */
  visibleFrom: string | null;
};

/**
 * Sends the file itself as the body, through XMLHttpRequest: fetch cannot report how much of a body has
 * gone, and a large file wants its progress shown. `onProgress` gets the share sent, from 0 to 1.
 */
export function uploadMaterial(
  upload: MaterialUpload,
  onProgress: (share: number) => void,
): Promise<Material> {
  const url = apiUrl(ENDPOINTS.materialUpload.path, {
    target: upload.target,
    target_id: upload.targetId,
    title: upload.title,
    file_name: upload.file.name,
    visible_from: upload.visibleFrom,
  });
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, t('errors.networkFailure')));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 201) resolve((body as { data: Material }).data);
      else errorFromBody(request.status, body).then(reject, reject);
    };
    request.send(upload.file);
  });
}

export function useUploadMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, onProgress }: { upload: MaterialUpload; onProgress: (share: number) => void }) =>
      uploadMaterial(upload, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useAddMaterialLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaterialLinkBody) =>
      api.call(ENDPOINTS.materialLinkAdd, { body }).then((answer) => answer.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useRemoveMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(ENDPOINTS.materialRemove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}
