import { and, eq, isNull } from "drizzle-orm";
import { instanceImpersonationsTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";
import { type AccessTokenVerifier, TokenRejected } from "../access/access-token.ts";

export type ImpersonationRow = typeof instanceImpersonationsTable.$inferSelect;

/** A session known to be an impersonation is read again after this long (another instance may have ended it). */
const KNOWN_TTL_MS = 15_000;
const CACHE_MAX = 10_000;

/**
 * The impersonations the admin area started, by the auth service's session id. The row is written
 * before the tokens leave the server, so a session not found here never becomes one: that answer is
 * kept, and ordinary sessions cost one lookup each per instance.
 */
export class Impersonations {
  private cache = new Map<string, { row: ImpersonationRow | null; at: number }>();

  constructor(private db: Db) {}

  async find(sessionId: string): Promise<ImpersonationRow | null> {
    const hit = this.cache.get(sessionId);
    if (hit && (hit.row === null || Date.now() - hit.at < KNOWN_TTL_MS)) return hit.row;
    const t = instanceImpersonationsTable;
    const [row] = await this.db.select().from(t).where(eq(t.sessionId, sessionId));
    this.remember(sessionId, row ?? null);
    return row ?? null;
  }

  async record(row: Omit<ImpersonationRow, "createdAt" | "endedAt">): Promise<void> {
    await this.db.insert(instanceImpersonationsTable).values(row);
    this.cache.delete(row.sessionId);
  }

  /** Marks the impersonation ended; false when it already was. */
  async end(sessionId: string): Promise<boolean> {
    const t = instanceImpersonationsTable;
    const ended = await this.db
      .update(t)
      .set({ endedAt: new Date() })
      .where(and(eq(t.sessionId, sessionId), isNull(t.endedAt)))
      .returning();
    this.cache.delete(sessionId);
    return ended.length > 0;
  }

  private remember(sessionId: string, row: ImpersonationRow | null): void {
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(sessionId, { row, at: Date.now() });
  }
}

/**
 * The verifier every signed-in route and the live socket use, knowing impersonations: a session the
 * admin area opened names its operator (`user.impersonator`, recorded beside the user in every log),
 * and once it was ended or ran out its access tokens are refused at once, not when they expire.
 */
export function withImpersonations(verifier: AccessTokenVerifier, impersonations: Impersonations): AccessTokenVerifier {
  return {
    async verify(token) {
      const user = await verifier.verify(token);
      if (!user.sessionId) return user;
      const row = await impersonations.find(user.sessionId);
      if (!row) return user;
      if (row.endedAt || row.expiresAt.getTime() <= Date.now()) {
        throw new TokenRejected("IMPERSONATION_ENDED", "This impersonation has ended.");
      }
      return { ...user, impersonator: { id: row.operatorId, label: row.operatorLabel } };
    },
  };
}
