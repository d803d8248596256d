import { randomBytes } from 'node:crypto';
import type { Role } from '@tokenly/contract/auth';
import { MEGABYTE } from '@tokenly/contract/files';
import {
  type Material,
  type MaterialTarget,
  materialFilePath,
  type materialLinkBodySchema,
  type materialUploadQuerySchema,
} from '@tokenly/contract/materials';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { ClassMaterialRow } from '../../db/schema/class-materials';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { type FileStore, newFileKey } from '../../lib/file-store/file-store';
import { downloadName, receiveClassFile } from '../../lib/file-store/received-file';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  courseExists,
  deleteMaterial,
  findClass,
  findMaterial,
  insertMaterial,
  isBookedOn,
  type MaterialTargetColumn,
  materialsAttachedTo,
  materialsOfClass,
  reachesClassOf,
  seriesExists,
} from './materials-repository';

/** Who asks: their id and role. */
export type Viewer = { id: number; role: Role };

const COLUMNS: Record<MaterialTarget, MaterialTargetColumn> = {
  class: 'scheduleId',
  series: 'seriesId',
  course: 'courseId',
};

const notFound = (message: string) => new AppError('NOT_FOUND', message);
const NO_CLASS = 'No such class.';
const NO_TARGET = 'No such class, series or class type that you may attach materials to.';
const NO_MATERIAL = 'No such material.';
const NO_FILE = 'No such file.';

function toMaterial(row: ClassMaterialRow): Material {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    url: row.kind === 'file' ? materialFilePath(row.id) : (row.url ?? ''),
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    visible_from: row.visibleFrom?.toISOString() ?? null,
    attached_to: row.scheduleId !== null ? 'class' : row.seriesId !== null ? 'series' : 'course',
    created_at: row.createdAt.toISOString(),
  };
}

type Target = { target: MaterialTarget; target_id: number };

/** Class materials (docs/classroom.md, Materials): files in the file store, links, and who may see them. */
export function createMaterialsService(
  db: Database,
  { files, clock, settings }: { files: FileStore; clock: Clock; settings: SchoolSettingsSource },
) {
  const visibleNow = (row: ClassMaterialRow) => row.visibleFrom === null || row.visibleFrom <= nowOf(clock);

  /** Administrators attach to anything; a teacher to an own class; anyone else to nothing (404, as absent). */
  async function checkMayAttach({ target, target_id }: Target, viewer: Viewer): Promise<void> {
    if (viewer.role === 'admin') {
      const found =
        target === 'class'
          ? (await findClass(db, target_id)) !== undefined
          : target === 'series'
            ? await seriesExists(db, target_id)
            : await courseExists(db, target_id);
      if (found) return;
    } else if (viewer.role === 'teacher' && target === 'class') {
      if ((await findClass(db, target_id))?.teacherId === viewer.id) return;
    }
    throw notFound(NO_TARGET);
  }

  /** Whether the viewer may see (and download) the material; a learner only once it is visible. */
  async function maySee(row: ClassMaterialRow, viewer: Viewer): Promise<boolean> {
    if (viewer.role === 'admin') return true;
    if (viewer.role === 'teacher') return reachesClassOf(db, row, { id: viewer.id, as: 'teacher' });
    return visibleNow(row) && reachesClassOf(db, row, { id: viewer.id, as: 'learner' });
  }

  const attachment = ({ target, target_id }: Target) => ({
    scheduleId: target === 'class' ? target_id : null,
    seriesId: target === 'series' ? target_id : null,
    courseId: target === 'course' ? target_id : null,
  });
  const newId = () => randomBytes(16).toString('base64url');
  const instant = (value: string | null | undefined) => (value ? new Date(value) : null);

  return {
    /** The class page's list: a booked learner's visible ones; the teacher's and administrators' all. */
    async forClass(classId: number, viewer: Viewer): Promise<Material[]> {
      const theClass = await findClass(db, classId);
      if (!theClass) throw notFound(NO_CLASS);
      const allowed =
        viewer.role === 'admin' ||
        (viewer.role === 'teacher' && theClass.teacherId === viewer.id) ||
        (viewer.role === 'user' && (await isBookedOn(db, viewer.id, classId)));
      if (!allowed) throw notFound(NO_CLASS);
      const rows = await materialsOfClass(db, theClass);
      return (viewer.role === 'user' ? rows.filter(visibleNow) : rows).map(toMaterial);
    },

    /** The materials of one class, series or type itself, for the screens that attach them. */
    async attachedTo(target: Target, viewer: Viewer): Promise<Material[]> {
      await checkMayAttach(target, viewer);
      return (await materialsAttachedTo(db, COLUMNS[target.target], target.target_id)).map(toMaterial);
    },

    /**
     * Stores an uploaded file (told by its content, bounded by the school's limit while it streams) and
     * attaches it; a refused or broken upload leaves neither file nor row.
     */
    async upload(
      query: z.output<typeof materialUploadQuerySchema>,
      body: AsyncIterable<Buffer>,
      viewer: Viewer,
    ): Promise<Material> {
      await checkMayAttach(query, viewer);
      const maxBytes = (await settings.current()).materialMaxMb * MEGABYTE;
      const file = await receiveClassFile(body, maxBytes);
      const key = newFileKey('materials');
      const { size } = await files.put(key, file.body, file.contentType);
      try {
        const row = await insertMaterial(db, {
          id: newId(),
          ...attachment(query),
          kind: 'file',
          title: query.title,
          fileKey: key,
          // The name it is offered under: the uploader's, with the extension of what it is.
          fileName: downloadName(query.file_name, file.extension),
          contentType: file.contentType,
          sizeBytes: size,
          visibleFrom: instant(query.visible_from),
          addedBy: viewer.id,
          createdAt: nowOf(clock),
        });
        return toMaterial(row);
      } catch (error) {
        await files.delete(key);
        throw error;
      }
    },

    async addLink(body: z.output<typeof materialLinkBodySchema>, viewer: Viewer): Promise<Material> {
      await checkMayAttach(body, viewer);
      const row = await insertMaterial(db, {
        id: newId(),
        ...attachment(body),
        kind: 'link',
        title: body.title,
        url: body.url,
        visibleFrom: instant(body.visible_from),
        addedBy: viewer.id,
        createdAt: nowOf(clock),
      });
      return toMaterial(row);
    },

    /** Administrators remove any material; a teacher those of an own class. */
    async remove(id: string, viewer: Viewer): Promise<void> {
      const row = await findMaterial(db, id);
      const mayRemove =
        row !== undefined &&
        (viewer.role === 'admin' ||
          (viewer.role === 'teacher' &&
            row.scheduleId !== null &&
            (await findClass(db, row.scheduleId))?.teacherId === viewer.id));
      if (!row || !mayRemove) throw notFound(NO_MATERIAL);
      await deleteMaterial(db, id);
      if (row.fileKey) await files.delete(row.fileKey);
    },

    /** A file material's bytes and the name to offer them under, for whoever may see it. */
    async download(id: string, viewer: Viewer) {
      const row = await findMaterial(db, id);
      if (!row?.fileKey || !row.fileName || !(await maySee(row, viewer))) throw notFound(NO_FILE);
      const file = await files.get(row.fileKey);
      if (!file) throw notFound(NO_FILE);
      return { file, name: row.fileName };
    },
  };
}

export type MaterialsService = ReturnType<typeof createMaterialsService>;
