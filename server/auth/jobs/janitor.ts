import { and, inArray, lt, ne, or } from "drizzle-orm";
import {
  authMailOutboxTable,
  authOauthStatesTable,
  authRefreshTokensTable,
  authVerificationCodesTable,
  rateLimitsTable,
} from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { FORGOTTEN_BODY } from "../mail/mailer.ts";
import { CODE_LIFETIME_MS } from "../stores/verification-codes.ts";

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
  await store.db.delete(rateLimitsTable).where(lt(rateLimitsTable.expire, new Date(now - DAY_MS)));
  await forgetMailBodies(store, now);
}

/** Once every code a mail can carry has expired, a mail kept for the operators holds nothing of use. */
const KEPT_MAIL_LIFETIME_MS = Math.max(...Object.values(CODE_LIFETIME_MS));

/**
 * Mail bodies carry sign-in links and codes: a delivered or abandoned mail keeps none (older
 * versions kept them; this also runs at start-up), and a mail kept for the operators because there
 * was no SMTP server keeps its body only while the links inside can still work.
 */
export async function forgetMailBodies(store: Store, now = Date.now()): Promise<void> {
  const t = authMailOutboxTable;
  await store.db
    .update(t)
    .set(FORGOTTEN_BODY)
    .where(
      and(
        or(ne(t.text, ""), ne(t.html, "")),
        or(inArray(t.status, ["sent", "failed"]), lt(t.createdAt, new Date(now - KEPT_MAIL_LIFETIME_MS))),
      ),
    );
}
