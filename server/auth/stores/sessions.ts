import { and, desc, eq, gt, isNotNull, ne } from "drizzle-orm";
import { authRefreshTokensTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import type { Locale } from "../../lib/request-locale.ts";
import { randomToken, sha256 } from "../crypto/secrets.ts";

/**
 * Where a session starts, as the account page lists it: the sign-in request's User-Agent and its
 * country from the operator's proxy header (AUTH_COUNTRY_HEADER; null without it). The address is
 * never kept.
 */
export interface SessionOrigin {
  userAgent: string | null;
  countryCode: string | null;
  /** The language the request asked for (the web app's choice, else the browser's), for later mails. */
  locale?: Locale;
}

export const REFRESH_TOKEN_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export type SessionRow = typeof authRefreshTokensTable.$inferSelect;

/** Refresh tokens: 45 random characters, stored as SHA-256, one row per session. */
export class SessionStore {
  constructor(private store: Store) {}

  async create(
    projectId: string,
    userId: string,
    options: { expiresInMillis?: number; isImpersonation?: boolean; origin?: SessionOrigin } = {},
  ): Promise<{ id: string; refreshToken: string }> {
    const refreshToken = randomToken(45);
    const [row] = await this.store.db
      .insert(authRefreshTokensTable)
      .values({
        projectId,
        userId,
        tokenHash: sha256(refreshToken),
        isImpersonation: options.isImpersonation ?? false,
        userAgent: options.origin?.userAgent ?? null,
        countryCode: options.origin?.countryCode ?? null,
        locale: options.origin?.locale ?? null,
        expiresAt: new Date(Date.now() + (options.expiresInMillis ?? REFRESH_TOKEN_LIFETIME_MS)),
      })
      .returning({ id: authRefreshTokensTable.id });
    if (!row) throw new Error("refresh token insert returned nothing");
    return { id: row.id, refreshToken };
  }

  /** The live session a refresh token belongs to, or null (unknown, other project, expired). */
  async findByToken(projectId: string, refreshToken: string): Promise<SessionRow | null> {
    const [row] = await this.store.db
      .select()
      .from(authRefreshTokensTable)
      .where(
        and(
          eq(authRefreshTokensTable.tokenHash, sha256(refreshToken)),
          eq(authRefreshTokensTable.projectId, projectId),
          gt(authRefreshTokensTable.expiresAt, new Date()),
        ),
      );
    return row ?? null;
  }

  /**
   * findByToken that also marks the session used, in one statement: a refresh was a read and then
   * a write of the same row.
   */
  async findByTokenAndMarkUsed(projectId: string, refreshToken: string): Promise<SessionRow | null> {
    const [row] = await this.store.db
      .update(authRefreshTokensTable)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(authRefreshTokensTable.tokenHash, sha256(refreshToken)),
          eq(authRefreshTokensTable.projectId, projectId),
          gt(authRefreshTokensTable.expiresAt, new Date()),
        ),
      )
      .returning();
    return row ?? null;
  }

  async findById(projectId: string, id: string): Promise<SessionRow | null> {
    const [row] = await this.store.db
      .select()
      .from(authRefreshTokensTable)
      .where(
        and(
          eq(authRefreshTokensTable.id, id),
          eq(authRefreshTokensTable.projectId, projectId),
          gt(authRefreshTokensTable.expiresAt, new Date()),
        ),
      );
    return row ?? null;
  }

  /** The language of the user's latest sign-in that recorded one (impersonations aside), or null. */
  async latestLocale(projectId: string, userId: string): Promise<string | null> {
    const [row] = await this.store.db
      .select({ locale: authRefreshTokensTable.locale })
      .from(authRefreshTokensTable)
      .where(
        and(
          eq(authRefreshTokensTable.projectId, projectId),
          eq(authRefreshTokensTable.userId, userId),
          eq(authRefreshTokensTable.isImpersonation, false),
          isNotNull(authRefreshTokensTable.locale),
        ),
      )
      .orderBy(desc(authRefreshTokensTable.createdAt))
      .limit(1);
    return row?.locale ?? null;
  }

  async listForUser(projectId: string, userId: string): Promise<SessionRow[]> {
    return this.store.db
      .select()
      .from(authRefreshTokensTable)
      .where(
        and(
          eq(authRefreshTokensTable.projectId, projectId),
          eq(authRefreshTokensTable.userId, userId),
          gt(authRefreshTokensTable.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(authRefreshTokensTable.createdAt));
  }

  /** Deletes one session of the user; false when it does not exist (or is someone else's). */
  async revoke(projectId: string, userId: string, id: string): Promise<boolean> {
    const rows = await this.store.db
      .delete(authRefreshTokensTable)
      .where(
        and(
          eq(authRefreshTokensTable.id, id),
          eq(authRefreshTokensTable.projectId, projectId),
          eq(authRefreshTokensTable.userId, userId),
        ),
      )
      .returning({ id: authRefreshTokensTable.id });
    return rows.length > 0;
  }

  /** Revokes every session of a user, except `keepId` if given (password update keeps the caller's). */
  async revokeAllForUser(projectId: string, userId: string, keepId?: string): Promise<void> {
    const conditions = [eq(authRefreshTokensTable.projectId, projectId), eq(authRefreshTokensTable.userId, userId)];
    if (keepId) conditions.push(ne(authRefreshTokensTable.id, keepId));
    await this.store.db.delete(authRefreshTokensTable).where(and(...conditions));
  }
}
