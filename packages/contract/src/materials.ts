import { z } from 'zod';
import { envelope, idInput, isoDateTimeInput, singleLine } from './common.ts';

// Class materials (docs/classroom.md, Materials): files and links for the learners booked on a class,
// attached to the class itself, to its series (every class of it) or to its class type.

export const MATERIAL_TARGETS = ['class', 'series', 'course'] as const;
export type MaterialTarget = (typeof MATERIAL_TARGETS)[number];
export const MATERIAL_TITLE_MAX = 200;
export const MATERIAL_URL_MAX = 2000;

/** What a material is attached to: a class, a series, or a class type (course). */
export const materialTargetSchema = z.object({
  target: z.enum(MATERIAL_TARGETS, "target must be 'class', 'series' or 'course'."),
  target_id: idInput('target_id must be a whole number from 1.'),
});

const title = singleLine(
  z
    .string('Give the material a title.')
    .trim()
    .min(1, 'Give the material a title.')
    .max(MATERIAL_TITLE_MAX, `The title must be at most ${MATERIAL_TITLE_MAX} characters.`),
);

/** Learners see the material from this instant on; absent or null: at once. */
const visibleFrom = isoDateTimeInput('visible_from must be an instant such as 2026-05-01T09:00:00Z.')
  .nullable()
  .optional();

/** The upload's query: the body is the file itself (application/octet-stream), its kind told by its content. */
export const materialUploadQuerySchema = materialTargetSchema.extend({
  title,
  /** The file's own name: the download is offered under it, with the extension of its content. */
  file_name: singleLine(z.string().trim().min(1, 'file_name is needed.').max(255)),
  visible_from: visibleFrom,
});
export type MaterialUploadQuery = z.input<typeof materialUploadQuerySchema>;

export const materialLinkBodySchema = materialTargetSchema.extend({
  title,
  url: singleLine(z.string().trim().max(MATERIAL_URL_MAX)).pipe(
    z.url({
      protocol: /^https?$/,
      error: 'The link must be a web address starting with https:// or http://.',
    }),
  ),
  visible_from: visibleFrom,
});
export type MaterialLinkBody = z.input<typeof materialLinkBodySchema>;

export const materialSchema = z.object({
  id: z.string(),
  kind: z.enum(['file', 'link']),
  title: z.string(),
  /** A link's address, or the file's download call (`/api/material/<id>/file`). */
  url: z.string(),
  /** A file's content type and size; null for a link. */
  content_type: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** Learners see it from then on; null: at once. */
  visible_from: z.string().nullable(),
  /** Where it is attached: the class itself, its series, or its class type. */
  attached_to: z.enum(MATERIAL_TARGETS),
  created_at: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

export const materialResponseSchema = envelope(materialSchema);
export const materialsResponseSchema = envelope(z.array(materialSchema));
export const materialIdParamSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'No such material.'),
});

/** The download path of a file material. */
export const materialFilePath = (id: string) => `/api/material/${id}/file`;
export const materialRemovedResponseSchema = envelope(z.object({ id: z.string() }));
