import { ApiError, apiRequest } from "@/lib/api-client";
import { clearImpersonation, IMPERSONATION_ENDED_PATH } from "./impersonation";

/** Answers that mean the session is over already: nothing is left to end. */
const OVER = new Set(["IMPERSONATION_ENDED", "INVALID_ACCESS_TOKEN", "ACCESS_TOKEN_EXPIRED", "UNAUTHENTICATED"]);

/**
 * Ends the tab's impersonation on the server (the session is revoked there), forgets it in the
 * tab and leaves for the page that says so, with a full load so nothing of the session stays in
 * memory. Another failure (the network) is thrown: the session still runs, and the banner says so.
 */
export async function endImpersonation(leave: (path: string) => void = (path) => window.location.replace(path)) {
  try {
    await apiRequest<{ ended: true }>("/impersonation/end", { method: "POST" });
  } catch (error) {
    if (!(error instanceof ApiError && OVER.has(error.code))) throw error;
  }
  clearImpersonation();
  leave(IMPERSONATION_ENDED_PATH);
}
