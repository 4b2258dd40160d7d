// The bucket as configured, without its client: the server reads it at every start, and the AWS SDK
// (a quarter of the server's bundle) loads only when a bucket is used (lazy-bucket.ts).

/** An S3-compatible bucket as the operator configured it (BACKUP_S3_*); the secret stays in here. */
export interface BucketSettings {
  /** The S3 API's address; unset: AWS's own for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Put before every archive's name, e.g. `console/` (a trailing slash is the operator's to write). */
  prefix: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, most self-hosted stores). */
  forcePathStyle: boolean;
}

/** What the admin area and the CLI may show of a bucket: never its keys. */
export function describeBucket(settings: BucketSettings): string {
  return `s3://${settings.bucket}/${settings.prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`;
}

/** The bucket of BACKUP_S3_*, or null when none is configured. */
export function bucketSettingsFrom(config: {
  BACKUP_S3_BUCKET?: string;
  BACKUP_S3_ENDPOINT?: string;
  BACKUP_S3_REGION: string;
  BACKUP_S3_PREFIX: string;
  BACKUP_S3_ACCESS_KEY_ID?: string;
  BACKUP_S3_SECRET_ACCESS_KEY?: string;
  BACKUP_S3_FORCE_PATH_STYLE: boolean;
}): BucketSettings | null {
  if (!config.BACKUP_S3_BUCKET) return null;
  return {
    endpoint: config.BACKUP_S3_ENDPOINT,
    region: config.BACKUP_S3_REGION,
    bucket: config.BACKUP_S3_BUCKET,
    prefix: config.BACKUP_S3_PREFIX,
    accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID,
    secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.BACKUP_S3_FORCE_PATH_STYLE,
  };
}
