/**
 * Why a backup or a restore stopped, in words for the operator at the terminal or in the admin
 * area; `code` is stable for the API and tests.
 */
export type BackupErrorCode =
  | "ARCHIVE_TRUNCATED"
  | "ARCHIVE_ALTERED"
  | "ARCHIVE_WRONG_KEY"
  | "ARCHIVE_NEWER_SCHEMA"
  | "ARCHIVE_NOT_A_BACKUP"
  | "RESTORE_TARGET_NOT_EMPTY"
  | "RESTORE_STORE_MISMATCH"
  | "MASTER_KEY_MISSING"
  | "SERVER_RUNNING"
  | "PG_CLIENT_MISSING"
  | "PG_TOOL_FAILED"
  | "BACKUP_RUNNING"
  | "BACKUP_DISK_FULL"
  | "BACKUP_DIR_UNWRITABLE"
  | "BACKUP_BUCKET_DENIED"
  | "BACKUP_BUCKET_MISSING"
  | "BACKUP_BUCKET_UNREACHABLE"
  | "BACKUP_BUCKET_FAILED";

export class BackupError extends Error {
  override name = "BackupError";
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A failed write of the archive in the operator's words: a full disk and a folder the server may
 * not write are told apart from every other failure (which keeps its own error).
 */
export function writeFailure(error: unknown, folder: string): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT" || code === "EFBIG") {
    return new BackupError("BACKUP_DISK_FULL", `The disk of ${folder} is full: the backup was stopped and removed.`);
  }
  if (code === "EACCES" || code === "EPERM" || code === "EROFS" || code === "ENOTDIR") {
    return new BackupError("BACKUP_DIR_UNWRITABLE", `The server may not write into ${folder} (${code}).`);
  }
  return error;
}
