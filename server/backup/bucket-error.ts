import { BackupError } from "./backup-error.ts";

export type BucketErrorCode =
  | "BACKUP_BUCKET_DENIED"
  | "BACKUP_BUCKET_MISSING"
  | "BACKUP_BUCKET_UNREACHABLE"
  | "BACKUP_BUCKET_FAILED";

/** Network failures that mean the bucket's address answers nothing (or no such host). */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNRESET",
  "EPIPE",
]);
/** S3's answers that mean the keys are wrong or may not do this. */
const DENIED = new Set([
  "InvalidAccessKeyId",
  "SignatureDoesNotMatch",
  "AccessDenied",
  "InvalidToken",
  "ExpiredToken",
  "AllAccessDisabled",
  "CredentialsProviderError",
]);

interface SdkError {
  name?: string;
  code?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
}

function networkCode(error: unknown): string | undefined {
  let current = error as SdkError | undefined;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (current.code && UNREACHABLE.has(current.code)) return current.code;
    current = current.cause as SdkError | undefined;
  }
  return undefined;
}

/**
 * A failure of the S3 bucket in the operator's words, with a stable code: the keys refused
 * (BACKUP_BUCKET_DENIED), no such bucket (BACKUP_BUCKET_MISSING), no answer from its address
 * (BACKUP_BUCKET_UNREACHABLE), anything else (BACKUP_BUCKET_FAILED). The words name the bucket and
 * S3's error name, never a key: the SDK's own message may quote the request, so it is not passed on.
 */
export function bucketFailure(error: unknown, bucket: string): unknown {
  if (error instanceof BackupError) return error;
  const sdk = (error ?? {}) as SdkError;
  const name = sdk.name ?? sdk.Code ?? "Error";
  const status = sdk.$metadata?.httpStatusCode;
  const network = networkCode(error);
  if (network || name === "TimeoutError" || name === "RequestTimeout") {
    return new BackupError(
      "BACKUP_BUCKET_UNREACHABLE",
      `The bucket ${bucket} could not be reached (${network ?? name}).`,
    );
  }
  if (DENIED.has(name) || status === 401 || status === 403) {
    return new BackupError(
      "BACKUP_BUCKET_DENIED",
      `The bucket ${bucket} refused the access key (${name}): check BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY.`,
    );
  }
  if (name === "NoSuchBucket" || (status === 404 && name === "NotFound")) {
    return new BackupError("BACKUP_BUCKET_MISSING", `The bucket ${bucket} does not exist.`);
  }
  if (name === "NoSuchKey") return new BackupError("ARCHIVE_NOT_A_BACKUP", `There is no such archive in ${bucket}.`);
  return new BackupError(
    "BACKUP_BUCKET_FAILED",
    `The bucket ${bucket} failed: ${name}${status ? ` (HTTP ${status})` : ""}.`,
  );
}
