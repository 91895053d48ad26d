import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { uploadOrigins, type S3StorageOptions } from './s3-origins';
import { assertSafeFolder, assertSafeKey, MAX_UPLOAD_FORM_SECONDS, type Storage } from './storage';

export type { S3StorageOptions };

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Documents in an S3-compatible bucket. Credentials come from the standard AWS
 * environment variables or instance roles (the SDK's default chain), never
 * from our configuration. Uploads are real presigned POSTs whose policy pins
 * the exact key and a content-length-range.
 */
export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    client,
    uploadOrigins: uploadOrigins(options),
    async createUploadForm(limits) {
      assertSafeKey(limits.key);
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key: limits.key,
        Conditions: [['content-length-range', limits.minBytes, limits.maxBytes]],
        Expires: Math.min(limits.expiresInSeconds, MAX_UPLOAD_FORM_SECONDS),
      });
      return { url, fields };
    },
    async size(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async read(key, maxBytes) {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if ((res.ContentLength ?? 0) > maxBytes || !res.Body) {
          await res.Body?.transformToByteArray().catch(() => undefined);
          return null;
        }
        const bytes = await res.Body.transformToByteArray();
        return bytes.length > maxBytes ? null : bytes;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async write(key, bytes, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async copy(from, to) {
      assertSafeKey(from);
      assertSafeKey(to);
      try {
        // Safe keys need no escaping but '/', which CopySource keeps as it is.
        await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async removeFolder(prefix) {
      assertSafeFolder(prefix);
      // One account's folder holds a few dozen objects: each is deleted on its own (DeleteObjects needs a checksum
      // header some S3-compatible stores refuse). The listing starts over after each page deleted, so no
      // continuation token points past keys that are gone.
      let removed = 0;
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: 1000 }));
        const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
        if (keys.length === 0) return removed;
        await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
        removed += keys.length;
      }
    },
  };
}
