import { Hono } from "hono";
import { decodeJwt } from "jose";
import {
  IMPERSONATION_MILLIS,
  type ImpersonationHandover,
  startImpersonationSchema,
} from "../contract/impersonation.ts";
import type { StackTarget } from "../service-context.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";
import { recordAsOperator } from "./lib/history/operator-audit.ts";

/** One call to the auth service's admin API for the console's project (the admin area's key). */
async function adminCall(stack: StackTarget, operatorId: string, method: string, path: string, body?: unknown) {
  const adminKey = stack.superSecretAdminKey;
  if (!adminKey)
    throw apiError("ADMIN_NOT_CONFIGURED", "No admin key is configured: set STACK_SUPER_SECRET_ADMIN_KEY.");
  try {
    return await fetch(`${stack.baseUrl()}/api/v1${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-stack-access-type": "admin",
        "x-stack-project-id": stack.projectId,
        "x-stack-super-secret-admin-key": adminKey,
        // Names the operator in the notice the auth service mails to the user.
        "x-console-operator-id": operatorId,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw apiError("AUTH_SERVICE_UNAVAILABLE", "The auth service could not be reached.", {
      reason: (error as Error).message,
    });
  }
}

/**
 * `POST /admin/impersonations` (operators): opens a half-hour session as a user, marked as
 * impersonation in the auth service and recorded here with its operator before the tokens leave,
 * so everything the session does names both. The answer goes to the admin area's page, which hands
 * it to a new tab by postMessage: the tokens never travel in a URL.
 */
export function adminImpersonationRoutes(deps: ApiDeps) {
  const { stack, operators: gate, impersonations } = deps;
  const store = { db: deps.store.db, logger: deps.logger };
  return new Hono<ApiEnv>().post("/", gate.middleware, async (c) => {
    const { userId } = await readJson(c, startImpersonationSchema);
    const operator = c.var.user;
    if (userId === operator.id) {
      throw apiError("IMPERSONATION_NOT_ALLOWED", "You cannot impersonate yourself.");
    }
    const read = await adminCall(stack, operator.id, "GET", `/users/${encodeURIComponent(userId)}`);
    if (read.status === 404 || read.status === 400) throw apiError("NOT_FOUND", "No user has this id.");
    if (!read.ok) {
      throw apiError("AUTH_SERVICE_UNAVAILABLE", `The auth service answered with ${read.status}.`, {
        status: read.status,
      });
    }
    const target = (await read.json()) as { primary_email?: string | null };
    const email = target.primary_email ?? null;
    const created = await adminCall(stack, operator.id, "POST", "/auth/sessions", {
      user_id: userId,
      expires_in_millis: IMPERSONATION_MILLIS,
      is_impersonation: true,
    });
    if (!created.ok) {
      throw apiError("AUTH_SERVICE_UNAVAILABLE", `The auth service answered with ${created.status}.`, {
        status: created.status,
      });
    }
    const tokens = (await created.json()) as { access_token: string; refresh_token: string };
    const sessionId = decodeJwt(tokens.access_token).refresh_token_id;
    if (typeof sessionId !== "string") throw new Error("the auth service's access token names no session");
    const expiresAt = new Date(Date.now() + IMPERSONATION_MILLIS);
    await impersonations.record({
      sessionId,
      userId,
      userLabel: email,
      operatorId: operator.id,
      operatorLabel: operator.email,
      expiresAt,
    });
    await recordAsOperator(store, operator, [
      {
        action: "impersonation.started",
        subject: userId,
        subjectLabel: email,
        detail: { sessionId, expiresAt: expiresAt.toISOString() },
      },
    ]);
    const handover: ImpersonationHandover = {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expiresAt: expiresAt.toISOString(),
      user: { id: userId, email },
      operator: { id: operator.id, email: operator.email },
    };
    c.header("cache-control", "no-store");
    return c.json(ok(handover));
  });
}

/**
 * `POST /impersonation/end`, from the impersonation tab's banner: revokes the session in the auth
 * service (its refresh token stops working) and marks it ended here (its access tokens are refused
 * from now on, see withImpersonations), recording the end with both actors.
 */
export function impersonationRoutes(deps: ApiDeps) {
  const { stack, impersonations } = deps;
  const store = { db: deps.store.db, logger: deps.logger };
  return new Hono<ApiEnv>().post("/end", async (c) => {
    const user = c.var.user;
    if (!user.impersonator || !user.sessionId) {
      throw apiError("NOT_IMPERSONATING", "This session is not an impersonation.");
    }
    const path = `/auth/sessions/${encodeURIComponent(user.sessionId)}?user_id=${encodeURIComponent(user.id)}`;
    const revoked = await adminCall(stack, user.impersonator.id, "DELETE", path);
    // Gone already (the user ended it from their sessions list): ending it here is still right.
    if (!revoked.ok && revoked.status !== 404) {
      throw apiError("AUTH_SERVICE_UNAVAILABLE", `The auth service answered with ${revoked.status}.`, {
        status: revoked.status,
      });
    }
    if (await impersonations.end(user.sessionId)) {
      await recordAsOperator(store, user, [
        {
          action: "impersonation.ended",
          subject: user.id,
          subjectLabel: user.email,
          detail: { sessionId: user.sessionId },
        },
      ]);
    }
    return c.json(ok({ ended: true }));
  });
}
