export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
}

/** Where presigned POSTs of this bucket go: path style on the endpoint, or the bucket's own host. */
export function uploadOrigins({ bucket, region, endpoint, forcePathStyle }: S3StorageOptions): string[] {
  const base = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  const virtualHost = `${base.protocol}//${bucket}.${base.host}`;
  return forcePathStyle ? [base.origin] : [virtualHost, base.origin];
}
