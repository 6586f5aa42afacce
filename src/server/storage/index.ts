import 'server-only';
import path from 'node:path';
import { env } from '@/server/env';
import { LocalStorage } from '@/server/storage/local';
import { S3Storage } from '@/server/storage/s3';
import type { ObjectStorage } from '@/server/storage/types';

export type { ByteRange, ObjectStorage, StoredObject } from '@/server/storage/types';

let storage: ObjectStorage | undefined;

/** The configured store (MEDIA_STORAGE), one per process. */
export function getStorage(): ObjectStorage {
  storage ??=
    env.MEDIA_STORAGE === 's3'
      ? new S3Storage({
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET!,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? (env.S3_ENDPOINT ? 'true' : 'false')) === 'true',
        })
      : new LocalStorage(env.MEDIA_DIR ?? path.join(env.DATA_DIR, 'media'));
  return storage;
}
