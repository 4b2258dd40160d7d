import { Hono } from "hono";
import { adminAuditRoutes } from "./admin-audit-routes.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { adminCallEvents } from "./lib/history/admin-call-audit.ts";
import { recordAsOperator } from "./lib/history/operator-audit.ts";
import { mailDelivery } from "./lib/operators/mail-delivery.ts";

const FORWARDED_METHODS = new Set(["GET", "POST", "PATCH", "PUT", "DELETE"]);
/** Headers of the auth service's answer the admin area needs; everything else stays behind. */
const ANSWER_HEADERS = ["content-type", "x-stack-known-error", "x-hexclave-known-error"];
const PREFIX = "/admin/auth";

/**
 * Calls that would cut the console off from itself: the app's own project runs the console's
 * sign-in, so the admin area may change it but never delete it.
 */
function refused(method: string, path: string): boolean {
  return method === "DELETE" && path === "/internal/projects/current";
}

/** The auth-service path after the prefix, or null when it could climb out of /api/v1. */
function safePath(requestPath: string): string | null {
  const at = requestPath.indexOf(PREFIX);
  const path = at === -1 ? "" : requestPath.slice(at + PREFIX.length);
  if (!/^(\/[A-Za-z0-9._~%$-]+)+$/.test(path)) return null;
  for (const segment of path.split("/").slice(1)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === "." || decoded === ".." || /[/\\]/.test(decoded)) return null;
  }
  return path;
}

/**
 * The admin area's door to the auth service: `GET /admin/me` tells any signed-in user whether they
 * are an operator (and an operator how mail leaves, for the notice when it does not); `/admin/auth/*` forwards an operator's call to the auth service's admin API for
 * the app's own project. The admin key is added here and never reaches the browser; of the
 * browser's headers only the content type is passed on.
 */
export function adminRoutes(deps: ApiDeps) {
  const { stack, operators: gate, instance: mail } = deps;
  const store = { db: deps.store.db, logger: deps.logger };
  return (
    new Hono<ApiEnv>()
      .route("/audit", adminAuditRoutes(deps))
      .get("/me", async (c) => {
        if (c.var.user.impersonator || !(await gate.isOperator(c.var.user.id))) return c.json(ok({ isAdmin: false }));
        await gate.noteSession(c.var.user);
        return c.json(ok({ isAdmin: true, mail: await mailDelivery(stack, mail.smtpUrlSet, mail.external) }));
      })
      // For the user list's operator column: who the operator rule names.
      .get("/operators", gate.middleware, async (c) => c.json(ok(await gate.list())))
      .all(`/auth/*`, gate.middleware, async (c) => {
        const adminKey = stack.superSecretAdminKey;
        if (!adminKey) {
          throw apiError("ADMIN_NOT_CONFIGURED", "No admin key is configured: set STACK_SUPER_SECRET_ADMIN_KEY.");
        }
        const method = c.req.method;
        const path = safePath(c.req.path);
        if (!FORWARDED_METHODS.has(method) || !path || refused(method, path)) {
          throw apiError("ADMIN_PATH_NOT_ALLOWED", `The admin area cannot call ${method} ${path ?? "this path"}.`);
        }
        const hasBody = method !== "GET" && method !== "DELETE";
        const body = hasBody ? await c.req.text() : undefined;
        if (startsImpersonation(method, path, body)) {
          // Only POST /admin/impersonations records the operator beside the session.
          throw apiError("ADMIN_PATH_NOT_ALLOWED", "Start an impersonation with POST /api/v1/admin/impersonations.");
        }
        const call = (callMethod: string, callPath: string, callBody?: string) =>
          fetch(`${stack.baseUrl()}/api/v1${callPath}`, {
            method: callMethod,
            headers: {
              "content-type": c.req.header("content-type") ?? "application/json",
              "x-stack-access-type": "admin",
              "x-stack-project-id": stack.projectId,
              "x-stack-super-secret-admin-key": adminKey,
              // Who asks, for checks that protect the operator themself (requiring single sign-on).
              "x-console-operator-id": c.var.user.id,
            },
            body: callBody,
            signal: AbortSignal.timeout(30_000),
          });
        const events = method === "GET" ? [] : adminCallEvents(method, path, parseJson(body));
        let answer: Response;
        let subjectLabel: string | null = null;
        try {
          // The user a change is about, named before it happens (a deleted user can no longer be read).
          const userId = events[0]?.subject && path.startsWith("/users/") ? events[0].subject : null;
          if (userId) subjectLabel = await userLabel(() => call("GET", `/users/${encodeURIComponent(userId)}`));
          answer = await call(method, `${path}${new URL(c.req.url).search}`, body);
        } catch (error) {
          throw apiError("AUTH_SERVICE_UNAVAILABLE", "The auth service could not be reached.", {
            reason: (error as Error).message,
          });
        }
        if (answer.ok && events.length > 0) {
          await recordAsOperator(
            store,
            c.var.user,
            events.map((e) => ({ ...e, subjectLabel })),
          );
        }
        const headers = new Headers({ "cache-control": "no-store" });
        for (const name of ANSWER_HEADERS) {
          const value = answer.headers.get(name);
          if (value) headers.set(name, value);
        }
        return new Response(answer.body, { status: answer.status, headers });
      })
  );
}

function startsImpersonation(method: string, path: string, body: string | undefined): boolean {
  if (method !== "POST" || path !== "/auth/sessions") return false;
  return (parseJson(body) as { is_impersonation?: unknown } | null)?.is_impersonation === true;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A user's primary e-mail for the log, or null when they cannot be read. */
async function userLabel(read: () => Promise<Response>): Promise<string | null> {
  const answer = await read();
  if (!answer.ok) return null;
  const user = (await answer.json()) as { primary_email?: unknown };
  return typeof user.primary_email === "string" ? user.primary_email : null;
}
