import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../lib/logger.ts";
import type { AppEnv } from "./env.ts";

/**
 * Gives every request an id and a child logger, and logs one line when it ends. The path is logged
 * without its query string: verification codes and OAuth codes travel there.
 */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.header("x-request-id", requestId);
    const started = performance.now();
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const level = c.res.status >= 500 ? "error" : "debug";
    log[level]({ method: c.req.method, path: c.req.path, status: c.res.status, durationMs }, "request");
  };
}
