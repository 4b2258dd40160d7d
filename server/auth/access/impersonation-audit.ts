import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { instanceImpersonationsTable } from "../../db/schema/index.ts";
import type { Db } from "../../db/store.ts";
import { type AuditPerson, recordInstanceAudit } from "../../lib/instance-audit.ts";
import type { Logger } from "../../lib/logger.ts";
import { insertTeamEvents } from "../../lib/team-events.ts";
import type { AuthEnv } from "../auth-env.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * POSTs that change nothing of the user's: the SDK's token refresh and analytics, checks of a code
 * before it is used, and the challenge a passkey registration or sign-in starts with.
 */
const NO_CHANGE = new Set([
  "/auth/sessions/current/refresh",
  "/analytics/events/batch",
  "/check-feature-support",
  "/auth/otp/sign-in/check-code",
  "/auth/password/reset/check-code",
  "/contact-channels/verify/check-code",
  "/auth/passkey/initiate-passkey-registration",
  "/auth/passkey/initiate-passkey-authentication",
]);
/** Where the service is mounted (server/main.ts): the pattern is recorded without it. */
const MOUNT = /^\/auth\/api\/v1(?=\/)/;
/** Sessions looked up, impersonations or not; a session's answer never changes. */
const CACHE_LIMIT = 5000;

interface Impersonation {
  operator: AuditPerson;
}

/**
 * What an impersonation tab changes through the Stack SDK at the auth service itself (the user's
 * profile, teams, invitations, contact channels, passkeys, API keys, sessions…) goes to the
 * instance audit log with both actors, as the app API's changes do (impersonated-requests.ts there):
 * the method and the route's pattern, never a body, a value or an id from the path. A change to a
 * team (`:team_id` in the route) goes to that team's activity too.
 *
 * Keyed on the access token's session: the admin area writes every impersonation session it starts
 * (`is_impersonation`) with its operator to instance_impersonations before its tokens leave, so a
 * session not found there is none (and is remembered as none).
 */
export function recordImpersonatedAuthChanges(db: Db, logger: Logger): MiddlewareHandler<AuthEnv> {
  const known = new Map<string, Impersonation | null>();

  async function impersonationOf(sessionId: string): Promise<Impersonation | null> {
    if (known.has(sessionId)) return known.get(sessionId) ?? null;
    const [row] = await db
      .select({ operatorId: instanceImpersonationsTable.operatorId, label: instanceImpersonationsTable.operatorLabel })
      .from(instanceImpersonationsTable)
      .where(eq(instanceImpersonationsTable.sessionId, sessionId));
    const found = row ? { operator: { id: row.operatorId, label: row.label } } : null;
    if (known.size >= CACHE_LIMIT) known.clear();
    known.set(sessionId, found);
    return found;
  }

  return async (c, next) => {
    await next();
    if (READS.has(c.req.method) || c.error || c.res.status >= 400) return;
    // Set by projectAuth inside the route, so only now readable.
    const auth = c.get("auth") as AuthEnv["Variables"]["auth"] | undefined;
    if (auth?.type !== "client" || !auth.claims) return;
    const route = routePath(c).replace(MOUNT, "");
    if (NO_CHANGE.has(route)) return;
    try {
      const impersonation = await impersonationOf(auth.claims.refresh_token_id);
      if (!impersonation) return;
      const subject = `${c.req.method} ${route}`;
      const actor = { id: auth.claims.sub, label: auth.user?.primaryEmail ?? auth.claims.email };
      const detail = { method: c.req.method, route, status: c.res.status };
      await recordInstanceAudit(db, [
        { action: "impersonation.auth_change", actor, impersonator: impersonation.operator, subject, detail },
      ]);
      const teamId = route.includes(":team_id") ? c.req.param("team_id") : undefined;
      if (teamId) {
        await insertTeamEvents(db, teamId, { ...actor, impersonator: impersonation.operator }, [
          { action: "impersonation.auth_change", subject, detail },
        ]);
      }
    } catch (err) {
      // The change is made and answered; a lost record is logged, never turned into a failure.
      logger.error({ err, method: c.req.method }, "could not record an impersonation's change at the auth service");
    }
  };
}
