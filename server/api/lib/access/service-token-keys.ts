import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { SERVICE_TOKEN_PREFIX, type ServiceToken } from "../../../contract/service-tokens.ts";
import type { ResourceOwner } from "../../../contract/teams.ts";
import { appServiceTokensTable, appsTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";
import { apiError } from "../core/api-error.ts";

export type ServiceTokenRow = typeof appServiceTokensTable.$inferSelect;

/** `console_st_<token id, 32 hex>_<secret, 64 hex>`: the id finds the row, the secret proves it. */
const TOKEN_FORMAT = new RegExp(`^${SERVICE_TOKEN_PREFIX}([0-9a-f]{32})_([0-9a-f]{64})$`);

export function looksLikeServiceToken(raw: string): boolean {
  return raw.startsWith(SERVICE_TOKEN_PREFIX);
}

/** The secret carries 256 random bits, so an unsalted SHA-256 is as strong as any slow hash. */
function hashSecret(secret: string): Buffer {
  return createHash("sha256").update(secret, "utf8").digest();
}

/** A new token: the whole string goes to the caller once; the row keeps only the hash and last four. */
export function mintServiceToken(): { id: string; token: string; secretHash: string; lastFour: string } {
  const id = randomUUID();
  const secret = randomBytes(32).toString("hex");
  const token = `${SERVICE_TOKEN_PREFIX}${id.replaceAll("-", "")}_${secret}`;
  return { id, token, secretHash: hashSecret(secret).toString("hex"), lastFour: token.slice(-4) };
}

export function toServiceToken(row: ServiceTokenRow, environment: { slug: string; name: string } | null): ServiceToken {
  return {
    id: row.id,
    name: row.name,
    lastFour: row.lastFour,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    environment,
  };
}

/**
 * The token row behind `raw` if it may read `appId`'s secrets (in its environment) now; otherwise a 401 whose code says
 * why. Whether a token is revoked, expired or for another app is told only to whoever holds the
 * real secret: the secret is checked first, in constant time.
 */
export async function authenticateServiceToken(
  db: Db,
  raw: string,
  appId: string,
): Promise<{ token: ServiceTokenRow; owner: ResourceOwner }> {
  const invalid = () => apiError("INVALID_SERVICE_TOKEN", "The service token is not valid.");
  const match = TOKEN_FORMAT.exec(raw);
  if (!match?.[1] || !match[2]) throw invalid();
  const hex = match[1];
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const [found] = await db
    .select({
      token: appServiceTokensTable,
      ownerType: appsTable.ownerType,
      ownerId: appsTable.ownerId,
      appDeletedAt: appsTable.deletedAt,
    })
    .from(appServiceTokensTable)
    .innerJoin(appsTable, eq(appsTable.id, appServiceTokensTable.appId))
    .where(eq(appServiceTokensTable.id, id))
    .limit(1);
  const presented = hashSecret(match[2]);
  const stored = found ? Buffer.from(found.token.secretHash, "hex") : Buffer.alloc(presented.length);
  const same = stored.length === presented.length && timingSafeEqual(stored, presented);
  if (!found || !same) throw invalid();
  const { token } = found;
  // A token whose environment was deleted was revoked with it (the row keeps no environment then).
  if (token.revokedAt || found.appDeletedAt || token.environmentId === null) {
    throw apiError("SERVICE_TOKEN_REVOKED", "This service token was revoked.");
  }
  if (token.expiresAt && token.expiresAt.getTime() <= Date.now()) {
    throw apiError("SERVICE_TOKEN_EXPIRED", "This service token has expired.");
  }
  if (token.appId !== appId) {
    throw apiError("SERVICE_TOKEN_WRONG_APP", "This service token belongs to another app.");
  }
  return { token, owner: { type: found.ownerType, id: found.ownerId } };
}
