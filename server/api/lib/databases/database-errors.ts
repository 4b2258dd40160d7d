import { apiError } from "../core/api-error.ts";

/**
 * The database routes' two refusals whose cause is not ours to word: the driver's or PostgreSQL's
 * own text goes into `details.reason`, so the browser can show it after its translated sentence
 * without ever reading `message` (which stays English, for logs and API clients).
 */
export function databaseUnreachable(cause: unknown, message = "The database could not be reached") {
  const reason = (cause as Error).message;
  return apiError("DATABASE_UNREACHABLE", `${message}: ${reason}`, { reason });
}

/** A statement PostgreSQL refused: its message and SQLSTATE, as SQL users know them. */
export function databaseQueryFailed(cause: unknown, fallback = "The statement failed.") {
  const reason = (cause as Error).message || fallback;
  return apiError("DATABASE_QUERY_FAILED", reason, {
    sqlState: (cause as { code?: string }).code ?? null,
    reason,
  });
}
