import { Readable, Transform } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FileStorageConfig } from '../../config/env';
import { checkFileKey, type FileBody, type FileStore } from './file-store';

type S3Config = Extract<FileStorageConfig, { kind: 's3' }>;

// The AWS SDK, loaded on first use: a school storing files on disk never pays for parsing it at start
// (scripts/build.ts leaves it out of the bundle).
const sdk = () => Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);

const isNoSuchKey = (error: unknown) =>
  (error as { name?: string }).name === 'NoSuchKey' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export function createS3FileStore(config: S3Config): FileStore {
  let client: Promise<S3Client> | undefined;
  const connect = () => {
    client ??= sdk().then(
      ([{ S3Client }]) =>
        new S3Client({
          region: config.region,
          // Any S3 API (MinIO, Ceph, Garage, R2, ...): addressed by path, as not every one serves a bucket
          // as a host name.
          ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
          ...(config.credentials ? { credentials: config.credentials } : {}),
          // The SDK's default checksum trailers on every upload are AWS's own; many S3 APIs refuse them.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    );
    return client;
  };
  const objectKey = (key: string) => {
    checkFileKey(key);
    return `${config.prefix}${key}`;
  };

  return {
    async put(key, body: FileBody, contentType) {
      const Key = objectKey(key);
      const [[, { Upload }], s3] = await Promise.all([sdk(), connect()]);
      let size = 0;
      const counted = (Buffer.isBuffer(body) ? Readable.from([body]) : body).pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(null, chunk);
          },
        }),
      );
      // pipe() does not pass a source's failure on: the upload must see it to abort and keep nothing.
      if (!Buffer.isBuffer(body)) body.once('error', (error) => counted.destroy(error));
      // Upload sends a small file in one PUT and a large one in parts, whose length need not be known
      // beforehand; when the body fails it aborts, and S3 keeps nothing.
      await new Upload({
        client: s3,
        params: { Bucket: config.bucket, Key, Body: counted, ContentType: contentType },
      }).done();
      return { size };
    },

    async get(key) {
      const Key = objectKey(key);
      const [[{ GetObjectCommand }], s3] = await Promise.all([sdk(), connect()]);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered a body that is not a stream');
        return {
          body: object.Body,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNoSuchKey(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      const Key = objectKey(key);
      const [[{ DeleteObjectCommand }], s3] = await Promise.all([sdk(), connect()]);
      await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key }));
    },
  };
}
