import { idParamSchema } from '../common.ts';
import { classFileSchema } from '../files.ts';
import {
  materialIdParamSchema,
  materialLinkBodySchema,
  materialRemovedResponseSchema,
  materialResponseSchema,
  materialsResponseSchema,
  materialTargetSchema,
  materialUploadQuerySchema,
} from '../materials.ts';
import { type EndpointSpec, NO_MATERIAL_TARGET, NOT_A_CLASS_OF_YOURS } from './spec.ts';

export const materialsEndpoints = {
  classMaterials: {
    method: 'GET',
    path: 'class/:id/materials',
    auth: 'any',
    tag: 'materials',
    summary:
      "A class's materials, its series' and its class type's: for its booked learners those already visible, for its teacher and administrators all",
    errors: { 404: NOT_A_CLASS_OF_YOURS },
    params: idParamSchema,
    response: { 200: materialsResponseSchema },
  },

  materialsOf: {
    method: 'GET',
    path: 'materials',
    auth: 'any',
    tag: 'materials',
    summary:
      'The materials attached to one class, series or class type itself (administrators; a teacher for an own class)',
    errors: { 404: NO_MATERIAL_TARGET },
    query: materialTargetSchema,
    response: { 200: materialsResponseSchema },
  },

  materialUpload: {
    method: 'POST',
    path: 'materials/file',
    auth: 'any',
    tag: 'materials',
    summary:
      "Attach a file (PDF, slides, document, picture or audio, told by its content; up to the school's size limit) to a class, series or class type",
    errors: {
      404: NO_MATERIAL_TARGET,
      422: "Also when the file's content is not an accepted kind, or it is larger than the school's limit.",
    },
    fileUpload: true,
    query: materialUploadQuerySchema,
    response: { 201: materialResponseSchema },
  },

  materialLinkAdd: {
    method: 'POST',
    path: 'materials/link',
    auth: 'any',
    tag: 'materials',
    summary: 'Attach a link to a class, series or class type',
    errors: { 404: NO_MATERIAL_TARGET },
    body: materialLinkBodySchema,
    response: { 201: materialResponseSchema },
  },

  materialRemove: {
    method: 'DELETE',
    path: 'material/:id',
    auth: 'any',
    tag: 'materials',
    summary: 'Remove a material (and its file) from what it is attached to',
    errors: { 404: 'No such material, or not one the signed-in user may remove.' },
    params: materialIdParamSchema,
    response: { 200: materialRemovedResponseSchema },
  },

  materialDownload: {
    method: 'GET',
    path: 'material/:id/file',
    auth: 'any',
    tag: 'materials',
    summary:
      'Download a file material, with its content type, as an attachment: for the booked learners once visible, the teacher and administrators',
    errors: { 404: 'No such file, or not one the signed-in user may see (yet).' },
    mediaType: '*/*',
    params: materialIdParamSchema,
    response: { 200: classFileSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
