import { siteImageResponseSchema } from '@tokenly/contract/site-content';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { siteImages } from '../../db/schema/site-content';
import { expectAdminOnly } from '../../test/admin-guard';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// Pictures uploaded in the Site section: decoded, turned upright, bounded, re-encoded without their
// metadata, and served at an address nobody can guess; only administrators upload.

/** A landscape photo as a phone saves it: stored sideways with an EXIF orientation, and a caption. */
function sidewaysPhoto() {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#2f80ed' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { ImageDescription: 'Taken at home, 12 Quay Street' } })
    .toBuffer();
}

describe.each(TEST_DATABASE_KINDS)('site pictures on %s', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  let learnerToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    learnerToken = (await signedInUser(t.app, t.db)).token;
  });
  afterAll(() => t.close());

  const upload = (file: Buffer, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin-site/images',
      headers,
      payload: { file_base64: file.toString('base64') },
    });

  it('stores a photo upright, at most 1600 px a side, as WebP without its metadata, at an unguessable address', async () => {
    const photo = await sidewaysPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(photo);
    expect(response.statusCode).toBe(201);
    const { url, width, height } = siteImageResponseSchema.parse(response.json()).data;
    // 3000 × 2000 stored sideways is 2000 × 3000 upright, then bounded by its long side.
    expect({ width, height }).toEqual({ width: 1067, height: 1600 });
    expect(url).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1067, height: 1600 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();

    // The audit log says a file came, not what was in it.
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'adminSiteImageUpload'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event?.details).toEqual({ file_base64: `[a file of ${photo.length} bytes]` });

    // The address is what the hero, a post's cover or a teacher's photo takes; a plain http one is not.
    const hero = { badge: 'Live online', title: 'Speak with confidence', lead: 'Small classes.' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin-site/hero',
      headers: admin,
      payload: { ...hero, image_url: url },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.image_url).toBe(url);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin-site/hero',
      headers: admin,
      payload: { ...hero, image_url: 'http://pictures.example.com/a.jpg' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.image_url).toEqual([
      'Image address must be a web address starting with https://, or a picture uploaded here.',
    ]);
  });

  it('keeps a small picture its size, and refuses what is not a picture, storing nothing', async () => {
    const small = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    expect(siteImageResponseSchema.parse((await upload(small)).json()).data).toMatchObject({
      width: 40,
      height: 30,
    });

    const before = (await t.db.select({ id: siteImages.id }).from(siteImages)).length;
    for (const file of [Buffer.from('%PDF-1.4 not a picture'), small.subarray(0, 60)]) {
      const response = await upload(file);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.file_base64).toEqual([
        'This file is not a picture we can use: upload a JPEG, PNG, WebP, GIF or AVIF image.',
      ]);
    }
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.file_base64).toEqual(['Choose a picture file.']);
    const notBase64 = await t.app.inject({
      method: 'POST',
      url: '/api/admin-site/images',
      headers: admin,
      payload: { file_base64: 'not base64!' },
    });
    expect(notBase64.statusCode).toBe(422);
    expect((await t.db.select({ id: siteImages.id }).from(siteImages)).length).toBe(before);
  });

  it('lets only administrators upload, and serves nothing at an address it did not give', async () => {
    await expectAdminOnly(t, learnerToken, [
      { method: 'POST', url: '/api/admin-site/images', payload: { file_base64: 'aGVsbG8=' } },
    ]);
    for (const url of [
      '/media/AAAAAAAAAAAAAAAAAAAAAA.webp',
      '/media/short.webp',
      '/media/..%2F..%2Fetc%2Fpasswd',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
