import { describe, expect, it } from "vitest";
import { BackupError } from "./backup-error.ts";
import { bucketFailure } from "./bucket-error.ts";

// S3's answers as the AWS SDK throws them (name and HTTP status), mapped to the run's stable codes.
function sdkError(name: string, status?: number, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(`${name} from S3 (secret-looking words)`), {
    name,
    ...(status ? { $metadata: { httpStatusCode: status } } : {}),
    ...extra,
  });
}

describe("bucketFailure", () => {
  it.each([
    ["SignatureDoesNotMatch", 403, "BACKUP_BUCKET_DENIED"],
    ["InvalidAccessKeyId", 403, "BACKUP_BUCKET_DENIED"],
    ["AccessDenied", 403, "BACKUP_BUCKET_DENIED"],
    ["NoSuchBucket", 404, "BACKUP_BUCKET_MISSING"],
    ["NotFound", 404, "BACKUP_BUCKET_MISSING"],
    ["InternalError", 500, "BACKUP_BUCKET_FAILED"],
  ])("%s (%s) is %s", (name, status, code) => {
    const failure = bucketFailure(sdkError(name, status), "s3://b/") as BackupError;
    expect(failure).toBeInstanceOf(BackupError);
    expect(failure.code).toBe(code);
    // The SDK's own message is not passed on (it may quote the request).
    expect(failure.message).not.toContain("secret-looking");
  });

  it("tells an unreachable endpoint by the network error, also when wrapped", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect((bucketFailure(refused, "s3://b/") as BackupError).code).toBe("BACKUP_BUCKET_UNREACHABLE");
    const wrapped = Object.assign(new Error("request failed"), { cause: refused });
    expect((bucketFailure(wrapped, "s3://b/") as BackupError).code).toBe("BACKUP_BUCKET_UNREACHABLE");
  });
});
