import { createHash } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimitsTable } from "../db/schema/index.ts";
import type { Db } from "../db/store.ts";

export interface Limit {
  /** What may be counted in one window (requests, or failed checks). */
  points: number;
  windowSeconds: number;
}

/** Over a limit: each service answers 429 with Retry-After in its own envelope. */
export class RateLimited extends Error {
  override name = "RateLimited";
  constructor(readonly retryAfterSeconds: number) {
    super("Too many requests. Please try again later.");
  }
}

/**
 * Counters in the store (rate-limiter-flexible's drizzle store), so every instance counts
 * together. Two kinds of limit:
 * - `hit`: every request counts; caps the work one caller can cause (hashing, mails).
 * - `guard`: around one check of a credential or code, only failures count, per client address
 *   and account pair (tight) and per account across addresses (looser). A stranger hammering an
 *   account from one address is stopped by the pair limit long before the account limit, so the
 *   right credential from the owner's address still works; a success clears the pair's count.
 */
export class RateLimits {
  private limiters = new Map<string, RateLimiterDrizzle>();
  /** Keys of `failuresOnly` that this instance saw go over their limit, and until when (ms). */
  private blockedUntil = new Map<string, number>();

  constructor(
    private db: Db,
    private enabled: boolean,
    /** Behind one reverse proxy (TRUST_PROXY): the client is the last X-Forwarded-For entry. */
    private trustProxy: boolean,
  ) {}

  /** Counts one request under `key`; over `limit`, RateLimited. */
  async hit(key: string, limit: Limit): Promise<void> {
    if (!this.enabled) return;
    try {
      await this.limiter(limit).consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new RateLimited(secondsUntil(error));
      throw error;
    }
  }

  /**
   * Runs `check` (which throws a 4xx error when the credential or code is wrong) unless the pair
   * (client address, `account`) or `account` itself has failed too often in its window. Without an
   * account (a code that names its own owner), the client address alone is counted.
   */
  async guard<T>(
    c: Context,
    scope: string,
    account: string | null,
    limits: { perPair: Limit; perAccount?: Limit },
    check: () => Promise<T>,
  ): Promise<T> {
    if (!this.enabled) return check();
    const who = account === null ? "-" : digest(account);
    const pairKey = `${scope}:fail:pair:${digest(this.clientAddress(c))}:${who}`;
    const accountKey = account !== null && limits.perAccount ? `${scope}:fail:account:${who}` : null;
    const pair = this.limiter(limits.perPair);
    const perAccount = accountKey && limits.perAccount ? this.limiter(limits.perAccount) : null;
    const [pairState, accountState] = await Promise.all([
      pair.get(pairKey),
      perAccount && accountKey ? perAccount.get(accountKey) : null,
    ]);
    for (const [state, limit] of [
      [pairState, limits.perPair],
      [accountState, limits.perAccount],
    ] as const) {
      if (state && limit && state.consumedPoints >= limit.points) throw new RateLimited(secondsUntil(state));
    }
    let result: T;
    try {
      result = await check();
    } catch (error) {
      if (isRefusal(error)) {
        await Promise.all([
          pair.penalty(pairKey, 1),
          perAccount && accountKey ? perAccount.penalty(accountKey, 1) : null,
        ]);
      }
      throw error;
    }
    if (pairState) await pair.delete(pairKey);
    return result;
  }

  /**
   * For a credential checked on every request (a project's secret keys): a success costs no store
   * round trip, and only failures are counted in the store, per client address. Once an address
   * is over `limit`, this instance refuses its checks, the right credential included, until the
   * window ends. Another instance learns it at that address's next failure there (a guess is
   * overwhelmingly a failure), so the count still holds across instances.
   */
  async failuresOnly<T>(c: Context, scope: string, limit: Limit, check: () => T): Promise<T> {
    if (!this.enabled) return check();
    const key = `${scope}:fail:ip:${digest(this.clientAddress(c))}`;
    const until = this.blockedUntil.get(key);
    if (until !== undefined) {
      const left = until - Date.now();
      if (left > 0) throw new RateLimited(Math.max(1, Math.ceil(left / 1000)));
      this.blockedUntil.delete(key);
    }
    try {
      return check();
    } catch (error) {
      if (!isRefusal(error)) throw error;
      try {
        await this.limiter(limit).consume(key);
      } catch (over) {
        if (!(over instanceof RateLimiterRes)) throw over;
        this.blockedUntil.set(key, Date.now() + over.msBeforeNext);
        throw new RateLimited(secondsUntil(over));
      }
      throw error;
    }
  }

  /**
   * The caller's address: the socket's peer, or behind a trusted reverse proxy the last
   * X-Forwarded-For entry (the one that proxy appended; earlier entries are client-supplied).
   */
  clientAddress(c: Context): string {
    if (this.trustProxy) {
      const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? "unknown";
    } catch {
      return "unknown";
    }
  }

  private limiter(limit: Limit): RateLimiterDrizzle {
    const id = `${limit.points}/${limit.windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterDrizzle({
        storeClient: this.db,
        schema: rateLimitsTable,
        points: limit.points,
        duration: limit.windowSeconds,
        keyPrefix: `rl${id}`,
        // One sweeper is enough; the store's janitor also drops old rows.
        clearExpiredByTimeout: this.limiters.size === 0,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

/** Keys name people (addresses, e-mails): the store keeps only a digest of them. */
function digest(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 32);
}

function secondsUntil(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}

/** A wrong credential or code: the check answered the caller with a 4xx. */
function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}
