import type { StorageConfig } from '../../config';
import { ExportUploadError } from './sftp-upload';

/**
 * Writes the file to `s3://bucket/prefix/` through the S3 client the documents use (infra/storage, the AWS SDK),
 * on the documents' endpoint and region (S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE) and with the SDK's own
 * credentials (AWS_* variables or the instance role). Where the documents stay on local disk, AWS's own endpoint
 * in us-east-1. One PutObject: S3 makes an object visible only once all of it has arrived, so unlike SFTP no
 * temporary name is needed for the receiver never to read half a file (and none is left behind to read).
 */
export async function uploadToS3(
  storage: StorageConfig,
  target: { bucket: string; prefix: string },
  fileName: string,
  bytes: Buffer,
): Promise<void> {
  // The SDK is loaded at the first S3 export, as the documents' lazy S3 storage does.
  const { createS3Storage } = await import('../../infra/storage/s3-storage');
  const s3 = createS3Storage({
    bucket: target.bucket,
    region: storage.kind === 's3' ? storage.region : 'us-east-1',
    endpoint: storage.kind === 's3' ? storage.endpoint : undefined,
    forcePathStyle: storage.kind === 's3' ? storage.forcePathStyle : false,
  });
  try {
    await s3.write(`${target.prefix}${fileName}`, bytes, 'text/csv; charset=utf-8');
  } catch (err) {
    throw new ExportUploadError(
      `S3 upload to s3://${target.bucket}/${target.prefix} failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  } finally {
    s3.client.destroy();
  }
}
