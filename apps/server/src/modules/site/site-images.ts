import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { findSiteImage, insertSiteImage } from './site-images-repository';

// Pictures the school uploads for its hero, posts' covers and teachers' photos. sharp (libvips) decodes
// what browsers show, turns it upright by its EXIF orientation, bounds it for the web and re-encodes it
// as WebP without the file's metadata (a phone photo's EXIF carries where it was taken). The work runs
// on libuv's thread pool, so requests keep flowing meanwhile.

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** The longest side of a stored picture: a full-width banner on a wide screen. */
export const SITE_IMAGE_MAX_SIDE = 1600;
/** A decompression bomb (a tiny file of a huge picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
const NOT_A_PICTURE = 'This file is not a picture we can use: upload a JPEG, PNG, WebP, GIF or AVIF image.';

export const siteImagePath = (id: string) => `/media/${id}.webp`;

async function webPicture(file: Buffer) {
  // sharp refuses some inputs (an empty one) as it is made, others as it reads them.
  const meta = await Promise.resolve()
    .then(() => sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata())
    .catch(() => null);
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new AppError('VALIDATION', NOT_A_PICTURE, { file_base64: [NOT_A_PICTURE] });
  }
  try {
    return await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: SITE_IMAGE_MAX_SIDE,
        height: SITE_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Its header read as a picture, its pixels did not (a truncated file).
    throw new AppError('VALIDATION', NOT_A_PICTURE, { file_base64: [NOT_A_PICTURE] });
  }
}

export function createSiteImages(db: Database, { clock }: { clock: Clock }) {
  return {
    /** Stores an uploaded picture as the site serves it; its address goes in an image, cover or photo field. */
    async upload(fileBase64: string, uploadedBy: number) {
      const { data, info } = await webPicture(Buffer.from(fileBase64, 'base64'));
      const id = randomBytes(16).toString('base64url');
      await insertSiteImage(db, {
        id,
        contentType: 'image/webp',
        width: info.width,
        height: info.height,
        bytes: data,
        uploadedBy,
        createdAt: nowOf(clock),
      });
      return { url: siteImagePath(id), width: info.width, height: info.height };
    },

    /** A stored picture by the id in its address, or undefined. */
    find: (id: string) => findSiteImage(db, id),
  };
}

export type SiteImages = ReturnType<typeof createSiteImages>;
