import { getConnInfo } from "@hono/node-server/conninfo";
import { lt, sql } from "drizzle-orm";
import type { Context } from "hono";
import { authRateLimitsTable } from "../db/schema/index.ts";
import type { Store } from "../db/store.ts";
import { StatusError } from "./status-error.ts";
import { normalizeEmail } from "./users.ts";

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/** The limits of the abuse-prone endpoints, per client IP and per e-mail address. */
export const LIMITS = {
  signInPerIp: { max: 30, windowSeconds: 60 },
  signInPerEmail: { max: 10, windowSeconds: 60 },
  signUpPerIp: { max: 20, windowSeconds: 60 },
  signUpPerEmail: { max: 5, windowSeconds: 60 },
  anonymousSignUpPerIp: { max: 60, windowSeconds: 60 },
  codeSendPerIp: { max: 10, windowSeconds: 60 },
  codeSendPerEmail: { max: 3, windowSeconds: 60 },
  codeCheckPerIp: { max: 30, windowSeconds: 60 },
} satisfies Record<string, Limit>;

/**
 * Fixed-window counters in the store, so every instance counts together. A request over the
 * limit gets 429 with Retry-After (seconds until the window ends), which the SDK waits out.
 */
export class RateLimiter {
  private lastSweep = 0;
  constructor(
    private store: Store,
    private enabled: boolean,
    /** Behind one reverse proxy (TRUST_PROXY): the client is the last X-Forwarded-For entry. */
    private trustProxy: boolean,
  ) {}

  perIp(c: Context, scope: string, limit: Limit): Promise<void> {
    return this.hit(`${scope}:ip:${clientIp(c, this.trustProxy)}`, limit);
  }

  perEmail(projectId: string, scope: string, email: string, limit: Limit): Promise<void> {
    return this.hit(`${scope}:email:${projectId}:${normalizeEmail(email)}`, limit);
  }

  private async hit(key: string, limit: Limit): Promise<void> {
    if (!this.enabled) return;
    const windowMs = limit.windowSeconds * 1000;
    const now = Date.now();
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const [row] = await this.store.db
      .insert(authRateLimitsTable)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [authRateLimitsTable.key, authRateLimitsTable.windowStart],
        set: { count: sql`${authRateLimitsTable.count} + 1` },
      })
      .returning({ count: authRateLimitsTable.count });
    this.sweep(now);
    if ((row?.count ?? 0) > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
      throw new StatusError(429, "Too many requests. Please try again later.", { "Retry-After": String(retryAfter) });
    }
  }

  /** Drops windows that ended over an hour ago, at most once a minute. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    this.store.db
      .delete(authRateLimitsTable)
      .where(lt(authRateLimitsTable.windowStart, new Date(now - 3_600_000)))
      .catch(() => undefined);
  }
}

/**
 * The caller's address: the socket's peer, or behind a trusted reverse proxy the last
 * X-Forwarded-For entry (the one that proxy appended; earlier entries are client-supplied).
 */
function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
