import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "./api-env.ts";
import { apiError } from "./api-error.ts";
import type { StackServerApi } from "./stack-server-api.ts";

/** How long an operator decision is trusted; a removed or changed e-mail stops working within it. */
const DECISION_TTL_MS = 60_000;
const CACHE_MAX = 1_000;

export interface OperatorGate {
  /** True when the user's verified primary e-mail is one of ADMIN_EMAILS. */
  isOperator(userId: string): Promise<boolean>;
  /** Lets only operators through (after requireUser); 403 ADMIN_REQUIRED for everyone else. */
  middleware: ReturnType<typeof createMiddleware<ApiEnv>>;
}

/**
 * Operators are named by e-mail in configuration. The access token's e-mail claim is as old as the
 * token, so the decision is taken on the auth service's current record of the user (primary e-mail
 * and whether it is verified: an unverified address proves nothing), remembered for a minute.
 */
export function createOperatorGate(stackApi: StackServerApi, adminEmails: readonly string[]): OperatorGate {
  const operators = new Set(adminEmails.map((email) => email.toLowerCase()));
  const decisions = new Map<string, { operator: boolean; until: number }>();

  const isOperator = async (userId: string): Promise<boolean> => {
    if (operators.size === 0) return false;
    const known = decisions.get(userId);
    if (known && known.until > Date.now()) return known.operator;
    const user = await stackApi.getUser(userId);
    const email = user.primary_email?.toLowerCase();
    const operator = Boolean(email && user.primary_email_verified && operators.has(email));
    if (decisions.size >= CACHE_MAX) decisions.clear();
    decisions.set(userId, { operator, until: Date.now() + DECISION_TTL_MS });
    return operator;
  };

  const middleware = createMiddleware<ApiEnv>(async (c, next) => {
    if (!(await isOperator(c.var.user.id))) {
      throw apiError("ADMIN_REQUIRED", "Only the instance's operators (ADMIN_EMAILS) may use the admin area.");
    }
    await next();
  });
  return { isOperator, middleware };
}
