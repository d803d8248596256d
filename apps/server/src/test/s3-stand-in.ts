import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver ships no types; what the tests use of it is declared in s3rver.d.ts.
import S3rver from 's3rver';
import type { FileStorageConfig } from '../config/env';

/** An S3 API on a free loopback port (s3rver, in this process), with one empty bucket. */
export async function startS3StandIn(): Promise<{ storage: FileStorageConfig; stop: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'tokenly-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'tokenly-files' }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    storage: {
      kind: 's3',
      bucket: 'tokenly-files',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's own pair: it checks signatures as S3 does.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix: 'school/',
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
