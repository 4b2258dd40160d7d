import type { Context } from "hono";
import type { Db } from "../../../db/store.ts";
import { type Limit, RateLimits } from "../../../lib/rate-limits.ts";

/** The app API's limits on credential checks (docs/security.md lists them). */
export const API_LIMITS = {
  /** Every request that presents a service token, per client address. */
  serviceTokenPerIp: { points: 300, windowSeconds: 60 },
  /** Service tokens that failed the check (unknown, wrong, revoked, expired, wrong app), per address. */
  serviceTokenFailuresPerIp: { points: 20, windowSeconds: 60 },
  /** Every request to the setup link's endpoints, per client address. */
  setupPerIp: { points: 30, windowSeconds: 600 },
  /** Setup tokens that failed the check, per client address. */
  setupFailuresPerIp: { points: 10, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/**
 * The app API's use of the shared, store-backed limits (server/lib/rate-limits.ts); over a limit
 * the shared error handler answers 429 RATE_LIMITED with Retry-After.
 */
export class ApiRateLimiter {
  private limits: RateLimits;

  constructor(db: Db, enabled: boolean, trustProxy: boolean) {
    this.limits = new RateLimits(db, enabled, trustProxy);
  }

  /** Around one service-token check: every attempt counts per address, failures more tightly. */
  async serviceToken<T>(c: Context, check: () => Promise<T>): Promise<T> {
    await this.limits.hit(`service-token:ip:${this.limits.clientAddress(c)}`, API_LIMITS.serviceTokenPerIp);
    return this.limits.guard(c, "service-token", null, { perPair: API_LIMITS.serviceTokenFailuresPerIp }, check);
  }

  /** Around one check of a setup link's token: every attempt counts per address, failures more tightly. */
  async setupToken<T>(c: Context, check: () => Promise<T>): Promise<T> {
    await this.limits.hit(`setup:ip:${this.limits.clientAddress(c)}`, API_LIMITS.setupPerIp);
    return this.limits.guard(c, "setup", null, { perPair: API_LIMITS.setupFailuresPerIp }, check);
  }
}
