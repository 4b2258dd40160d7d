import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { OperatorList } from "../../../contract/operators.ts";
import { instanceAuditEventsTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";
import { recordInstanceAudit } from "../../../lib/instance-audit.ts";
import { isOperatorAddress, readFirstOperator } from "../../../lib/operators.ts";
import type { StackServerApi } from "../access/stack-server-api.ts";
import type { ApiEnv, ApiUser } from "../core/api-env.ts";
import { apiError } from "../core/api-error.ts";

/** How long an operator decision is trusted; a removed or changed e-mail stops working within it. */
const DECISION_TTL_MS = 60_000;
const CACHE_MAX = 1_000;

export interface OperatorGate {
  /** True for the first operator (made through /setup) and users whose verified primary e-mail is one of ADMIN_EMAILS. */
  isOperator(userId: string): Promise<boolean>;
  /** Lets only operators through (after requireUser); 403 ADMIN_REQUIRED for everyone else. */
  middleware: ReturnType<typeof createMiddleware<ApiEnv>>;
  /** Who the rule names: the first operator's account and ADMIN_EMAILS (the user list marks them). */
  list(): Promise<OperatorList>;
  /**
   * Records an operator's sign-in in the instance audit log the first time one of their sessions
   * reaches the admin area (`GET /admin/me` runs at every start of the console).
   */
  noteSession(user: ApiUser): Promise<void>;
}

const SEEN_MAX = 10_000;

/**
 * Operators are named by e-mail in configuration. The access token's e-mail claim is as old as the
 * token, so the decision is taken on the auth service's current record of the user (primary e-mail
 * and whether it is verified: an unverified address proves nothing), remembered for a minute.
 */
export function createOperatorGate(db: Db, stackApi: StackServerApi, adminEmails: readonly string[]): OperatorGate {
  const decisions = new Map<string, { operator: boolean; until: number }>();
  const seenSessions = new Set<string>();

  const noteSession = async (user: ApiUser): Promise<void> => {
    // An impersonation is recorded when it starts, under its own action.
    if (!user.sessionId || user.impersonator || seenSessions.has(user.sessionId)) return;
    if (seenSessions.size >= SEEN_MAX) seenSessions.clear();
    seenSessions.add(user.sessionId);
    const t = instanceAuditEventsTable;
    const [known] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.action, "operator.signed_in"), eq(t.subject, user.sessionId)))
      .limit(1);
    if (known) return;
    await recordInstanceAudit(db, [
      { action: "operator.signed_in", actor: { id: user.id, label: user.email }, subject: user.sessionId },
    ]);
  };

  const isOperator = async (userId: string): Promise<boolean> => {
    const known = decisions.get(userId);
    if (known && known.until > Date.now()) return known.operator;
    const first = await readFirstOperator(db);
    if (first?.userId === userId) return true;
    if (adminEmails.length === 0) return false;
    const user = await stackApi.getUser(userId);
    const operator = isOperatorAddress(adminEmails, {
      primaryEmail: user.primary_email,
      primaryEmailVerified: user.primary_email_verified,
    });
    if (decisions.size >= CACHE_MAX) decisions.clear();
    decisions.set(userId, { operator, until: Date.now() + DECISION_TTL_MS });
    return operator;
  };

  const middleware = createMiddleware<ApiEnv>(async (c, next) => {
    // An operator acting as someone else does not carry their operator rights (nor the user's, if
    // the user is an operator too): the admin area stays with the operator's own session.
    if (c.var.user.impersonator) {
      throw apiError("IMPERSONATION_NOT_ALLOWED", "An impersonation session cannot use the admin area.");
    }
    if (!(await isOperator(c.var.user.id))) {
      throw apiError(
        "ADMIN_REQUIRED",
        "Only the instance's operators (the first operator, ADMIN_EMAILS) may use the admin area.",
      );
    }
    await noteSession(c.var.user);
    await next();
  });
  const list = async (): Promise<OperatorList> => ({
    firstOperatorId: (await readFirstOperator(db))?.userId ?? null,
    emails: [...adminEmails],
  });
  return { isOperator, middleware, list, noteSession };
}
