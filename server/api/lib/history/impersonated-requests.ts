import { createMiddleware } from "hono/factory";
import type { Db } from "../../../db/store.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { ApiEnv } from "../core/api-env.ts";
import { recordAsOperator } from "./operator-audit.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Paths that record their own event (the end of the impersonation). */
const OWN_RECORD = /\/impersonation\/end$/;

/**
 * Every change an impersonation session asks for, whichever route takes it, goes to the instance
 * audit log with both actors: method, path (ids only, no query: it may carry values) and the answer's
 * status, refused calls included. Routes that keep their own history (apps, teams) record there too.
 */
export function recordImpersonatedRequests(store: { db: Db; logger: Logger }) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const user = c.var.user;
    if (!user.impersonator || READS.has(c.req.method) || OWN_RECORD.test(c.req.path)) return next();
    try {
      await next();
    } finally {
      await recordAsOperator(store, user, [
        {
          action: "impersonation.request",
          subject: user.id,
          subjectLabel: user.email,
          detail: { method: c.req.method, path: c.req.path, status: c.res.status },
        },
      ]);
    }
  });
}
