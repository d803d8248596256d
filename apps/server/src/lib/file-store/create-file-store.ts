import type { FileStorageConfig } from '../../config/env';
import { createDiskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';
import { createS3FileStore } from './s3-file-store';

/** The store AppConfig.fileStorage names: a folder under DATA_DIR, or an S3 bucket. */
export function createFileStore(config: FileStorageConfig): FileStore {
  return config.kind === 's3' ? createS3FileStore(config) : createDiskFileStore(config.dir);
}
