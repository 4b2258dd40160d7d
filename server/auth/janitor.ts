import { lt } from "drizzle-orm";
import {
  authOauthStatesTable,
  authRateLimitsTable,
  authRefreshTokensTable,
  authVerificationCodesTable,
} from "../db/schema/index.ts";
import type { Store } from "../db/store.ts";

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes rows that can no longer matter: expired sessions, codes a day after they expired (so a
 * late click still gets "expired" rather than "not found"), abandoned OAuth flows and old
 * rate-limit windows. Idempotent, so several instances may run it.
 */
export async function sweepExpired(store: Store, now = Date.now()): Promise<void> {
  await store.db.delete(authRefreshTokensTable).where(lt(authRefreshTokensTable.expiresAt, new Date(now)));
  await store.db
    .delete(authVerificationCodesTable)
    .where(lt(authVerificationCodesTable.expiresAt, new Date(now - DAY_MS)));
  await store.db.delete(authOauthStatesTable).where(lt(authOauthStatesTable.expiresAt, new Date(now)));
  await store.db.delete(authRateLimitsTable).where(lt(authRateLimitsTable.windowStart, new Date(now - DAY_MS)));
}
