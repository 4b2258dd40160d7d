import type { Context } from "hono";
import type { Db } from "../../db/store.ts";
import { type Limit, RateLimits } from "../../lib/rate-limits.ts";
import { normalizeEmail } from "../stores/users.ts";

export type { Limit };

const minute = (points: number, minutes = 1): Limit => ({ points, windowSeconds: minutes * 60 });

/**
 * The auth service's limits (docs/security.md lists them). Requests per client address cap what
 * one address can make the server do; failed checks of a credential or code are counted per
 * address and account pair (tight) and per account across addresses (loose), so a stranger is
 * stopped without locking the owner out; mails to one address are capped per pair and per address.
 */
export const LIMITS = {
  signInPerIp: minute(30),
  signUpPerIp: minute(20),
  signUpPerEmail: minute(5),
  anonymousSignUpPerIp: minute(60),
  /** Feedback mailed to the operators (POST /internal/feedback). */
  feedbackPerIp: minute(5, 10),
  codeSendPerIp: minute(10),
  codeSendPerPair: minute(3),
  codeSendPerEmail: minute(20, 60),
  codeCheckPerIp: minute(30),
  /** Wrong passwords, TOTP codes, one-time codes, per client address and account. */
  failuresPerPair: minute(10, 15),
  /** The same, per account from every address: 10 addresses at their limit before the owner is. */
  failuresPerAccount: minute(100, 60),
  /**
   * Wrong API keys, refresh tokens, authorization codes and secret project keys per address
   * (servers check many).
   */
  keyFailuresPerIp: minute(100, 15),
} satisfies Record<string, Limit>;

/** The auth service's use of the shared, store-backed limits. */
export class RateLimiter {
  private limits: RateLimits;

  constructor(db: Db, enabled: boolean, trustProxy: boolean) {
    this.limits = new RateLimits(db, enabled, trustProxy);
  }

  /** Counts a request from the client's address. */
  perIp(c: Context, scope: string, limit: Limit): Promise<void> {
    return this.limits.hit(`${scope}:ip:${this.limits.clientAddress(c)}`, limit);
  }

  /** Counts a request naming `email` (sign-up, mails sent to it) from any address. */
  perEmail(projectId: string, scope: string, email: string, limit: Limit): Promise<void> {
    return this.limits.hit(`${scope}:email:${projectId}:${normalizeEmail(email)}`, limit);
  }

  /** Counts a mail asked for `email` from this address, and from any address. */
  async mailTo(c: Context, projectId: string, scope: string, email: string): Promise<void> {
    const address = normalizeEmail(email);
    await this.limits.hit(
      `${scope}:pair:${this.limits.clientAddress(c)}:${projectId}:${address}`,
      LIMITS.codeSendPerPair,
    );
    await this.limits.hit(`${scope}:email:${projectId}:${address}`, LIMITS.codeSendPerEmail);
  }

  /**
   * Around one check of a credential of `account` (an e-mail or a user id, within the project):
   * refused while this address has failed it too often, or everyone has.
   */
  credential<T>(c: Context, projectId: string, scope: string, account: string, check: () => Promise<T>): Promise<T> {
    const limits = { perPair: LIMITS.failuresPerPair, perAccount: LIMITS.failuresPerAccount };
    return this.limits.guard(c, scope, `${projectId}:${account}`, limits, check);
  }

  /**
   * Around the check of a project's secret server or super secret admin key (internal API keys
   * included), made on every request: wrong keys per address, at no cost to right ones.
   */
  projectKey(c: Context, check: () => void): Promise<void> {
    return this.limits.failuresOnly(c, "project-key", LIMITS.keyFailuresPerIp, check);
  }

  /** Around a check of a long random secret (API key, refresh token): failures per address. */
  secret<T>(c: Context, scope: string, check: () => Promise<T>): Promise<T> {
    return this.limits.guard(c, scope, null, { perPair: LIMITS.keyFailuresPerIp }, check);
  }
}
