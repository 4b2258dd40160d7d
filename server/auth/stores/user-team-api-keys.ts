import { randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import { and, desc, eq, isNull } from "drizzle-orm";
import { authUserTeamApiKeysTable } from "../../db/schema/index.ts";
import { setValues } from "../../db/set-values.ts";
import type { Store } from "../../db/store.ts";
import { randomToken, sha256 } from "../crypto/secrets.ts";
import { KnownErrors } from "../errors/known-errors.ts";

export type ApiKeyKind = "user" | "team";
export type ApiKeyRow = typeof authUserTeamApiKeysTable.$inferSelect;

export interface NewApiKey {
  owner: { kind: "user"; userId: string } | { kind: "team"; teamId: string };
  description: string;
  isPublic: boolean;
  expiresAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Marks a value as a key of this service for secret scanners (the SDKs' key format). */
const KEY_MARKER = "574ck4u7h";

/**
 * A key value in the format the Stack SDKs and secret scanners recognise:
 * `sk_`/`pk_`, 45 random characters (225 bits), the key's id without dashes, `user`/`team`, one
 * flag character (self-hosted, public or not), the marker, and a CRC-32 of everything before it
 * in hex. The id and flags carry nothing secret; only the random part does.
 */
export function newKeyValue(id: string, kind: ApiKeyKind, isPublic: boolean): string {
  const flags = 1 + (isPublic ? 2 : 0);
  const body = `${isPublic ? "pk" : "sk"}_${randomToken(45)}${id.replace(/-/g, "")}${kind}${flags.toString(32)}${KEY_MARKER}`;
  return `${body}${crc32(body).toString(16).padStart(8, "0")}`;
}

export const kindOf = (row: ApiKeyRow): ApiKeyKind => (row.userId ? "user" : "team");

/** User and team API keys of a project; only a hash and the last four characters are stored. */
export class UserTeamApiKeyStore {
  constructor(private store: Store) {}

  async create(projectId: string, input: NewApiKey): Promise<{ row: ApiKeyRow; value: string }> {
    const id = randomUUID();
    const value = newKeyValue(id, input.owner.kind, input.isPublic);
    const [row] = await this.store.db
      .insert(authUserTeamApiKeysTable)
      .values({
        id,
        projectId,
        userId: input.owner.kind === "user" ? input.owner.userId : null,
        teamId: input.owner.kind === "team" ? input.owner.teamId : null,
        description: input.description,
        isPublic: input.isPublic,
        secretHash: sha256(value),
        lastFour: value.slice(-4),
        expiresAt: input.expiresAt,
      })
      .returning();
    if (!row) throw new Error("api key insert returned nothing");
    return { row, value };
  }

  /** Newest first, as Stack lists them. */
  list(projectId: string, owner: NewApiKey["owner"]): Promise<ApiKeyRow[]> {
    const t = authUserTeamApiKeysTable;
    return this.store.db
      .select()
      .from(t)
      .where(
        and(
          eq(t.projectId, projectId),
          owner.kind === "user" ? eq(t.userId, owner.userId) : eq(t.teamId, owner.teamId),
        ),
      )
      .orderBy(desc(t.createdAt), desc(t.id));
  }

  /** API_KEY_NOT_FOUND unless the key exists in the project and is of `kind`. */
  async require(projectId: string, kind: ApiKeyKind, id: string): Promise<ApiKeyRow> {
    const t = authUserTeamApiKeysTable;
    const [row] = UUID.test(id)
      ? await this.store.db
          .select()
          .from(t)
          .where(and(eq(t.id, id), eq(t.projectId, projectId)))
      : [];
    if (!row || kindOf(row) !== kind) throw KnownErrors.apiKeyNotFound();
    return row;
  }

  /** A revocation is final: revoking twice keeps the first time. */
  async update(
    row: ApiKeyRow,
    changes: { description?: string; revoked?: boolean; expiresAt?: Date | null },
  ): Promise<ApiKeyRow> {
    const t = authUserTeamApiKeysTable;
    const set = setValues({
      description: changes.description,
      revokedAt: changes.revoked && !row.revokedAt ? new Date() : undefined,
      expiresAt: changes.expiresAt,
    });
    if (!set) return row;
    const [updated] = await this.store.db.update(t).set(set).where(eq(t.id, row.id)).returning();
    return updated ?? row;
  }

  /** The key behind a value, if it is in the project (whatever its state). */
  async find(projectId: string, value: string): Promise<ApiKeyRow | undefined> {
    const t = authUserTeamApiKeysTable;
    const [row] = await this.store.db
      .select()
      .from(t)
      .where(and(eq(t.secretHash, sha256(value)), eq(t.projectId, projectId)));
    return row;
  }

  /** The key of a valid value of `kind`; otherwise the known error Stack answers, in its order. */
  async check(projectId: string, kind: ApiKeyKind, value: string): Promise<ApiKeyRow> {
    const row = await this.find(projectId, value);
    if (!row) throw KnownErrors.apiKeyNotFound();
    if (kindOf(row) !== kind) throw KnownErrors.wrongApiKeyType(kind, kindOf(row));
    if (row.revokedAt) throw KnownErrors.apiKeyRevoked();
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw KnownErrors.apiKeyExpired();
    return row;
  }

  /**
   * Revokes a leaked secret key found by a credential scanner, in any project. Public keys are
   * meant to be seen and cannot be revoked this way; an expired or already revoked key is left.
   */
  async revokeLeaked(value: string): Promise<ApiKeyRow | null> {
    const t = authUserTeamApiKeysTable;
    const [row] = await this.store.db
      .select()
      .from(t)
      .where(eq(t.secretHash, sha256(value)));
    if (!row) throw KnownErrors.apiKeyNotFound();
    if (row.isPublic) throw KnownErrors.publicApiKeyCannotBeRevoked();
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw KnownErrors.apiKeyExpired();
    const [revoked] = await this.store.db
      .update(t)
      .set({ revokedAt: new Date() })
      .where(and(eq(t.id, row.id), isNull(t.revokedAt)))
      .returning();
    return revoked ?? null;
  }
}
