import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { CreatedKeySet, KeySet, KeyKind as WireKeyKind } from "../../../contract/auth-api-keys.ts";
import { authApiKeySetsTable, authApiKeysTable } from "../../../db/schema/index.ts";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { randomToken, sha256 } from "../../crypto/secrets.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { StatusError } from "../../errors/status-error.ts";
import { KEY_PREFIX, type KeyKind } from "../../stores/projects.ts";
import { readBody } from "../../wire/headers.ts";
import { epochMillisSchema } from "../../wire/schemas.ts";

/** Stack's names for the three kinds in a key set. */
const WIRE_NAME: Record<KeyKind, WireKeyKind> = {
  publishable_client: "publishable_client_key",
  secret_server: "secret_server_key",
  super_secret_admin: "super_secret_admin_key",
};

type SetKeys = Partial<Record<KeyKind, { key_id: string; last_four: string }>>;
type SetRow = typeof authApiKeySetsTable.$inferSelect;

const createBody = z
  .object({
    description: z.string().max(1000).default(""),
    expires_at_millis: epochMillisSchema.positive(),
    has_publishable_client_key: z.boolean().default(false),
    has_secret_server_key: z.boolean().default(false),
    has_super_secret_admin_key: z.boolean().default(false),
  })
  .strict();

const updateBody = z
  .object({ description: z.string().max(1000), revoked: z.literal(true) })
  .partial()
  .strict();

const setId = z.string().uuid();

function setFields(row: SetRow) {
  return {
    id: row.id,
    description: row.description,
    created_at_millis: row.createdAt.getTime(),
    expires_at_millis: row.expiresAt.getTime(),
    ...(row.revokedAt ? { manually_revoked_at_millis: row.revokedAt.getTime() } : {}),
  };
}

/** The set's keys under Stack's names, each as `show` has it. */
function setKeys<T>(row: SetRow, show: (kind: KeyKind, lastFour: string) => T): Partial<Record<WireKeyKind, T>> {
  const keys = row.keys as SetKeys;
  const out: Partial<Record<WireKeyKind, T>> = {};
  for (const kind of Object.keys(WIRE_NAME) as KeyKind[]) {
    const key = keys[kind];
    if (key) out[WIRE_NAME[kind]] = show(kind, key.last_four);
  }
  return out;
}

/** A set as listed and read: each key by its last four characters. */
function renderSet(row: SetRow): KeySet {
  return { ...setFields(row), ...setKeys(row, (_kind, lastFour) => ({ last_four: lastFour })) };
}

/** The answer that created a set: the only time its keys are shown whole. */
function renderCreatedSet(row: SetRow, secrets: Partial<Record<KeyKind, string>>): CreatedKeySet {
  return { ...setFields(row), ...setKeys(row, (kind, lastFour) => secrets[kind] ?? lastFour) };
}

export function registerInternalApiKeys(app: AuthApp, deps: AuthDeps): void {
  const db = () => deps.ctx.store.db;
  const admin = projectAuth(deps, ["admin"]);

  const findSet = async (projectId: string, rawId: string): Promise<SetRow> => {
    const id = setId.safeParse(rawId);
    const [row] = id.success
      ? await db()
          .select()
          .from(authApiKeySetsTable)
          .where(and(eq(authApiKeySetsTable.id, id.data), eq(authApiKeySetsTable.projectId, projectId)))
      : [];
    if (!row) throw new StatusError("INTERNAL_API_KEY_NOT_FOUND", "API key not found.");
    return row;
  };

  app.get("/internal/api-keys", admin, async (c) => {
    const { project } = c.get("auth");
    const rows = await db()
      .select()
      .from(authApiKeySetsTable)
      .where(eq(authApiKeySetsTable.projectId, project.id))
      .orderBy(desc(authApiKeySetsTable.createdAt));
    return c.json({ items: rows.map((row) => renderSet(row)), is_paginated: false });
  });

  app.post("/internal/api-keys", admin, async (c) => {
    const { project } = c.get("auth");
    const input = await readBody(c, createBody);
    const wanted: Record<KeyKind, boolean> = {
      publishable_client: input.has_publishable_client_key,
      secret_server: input.has_secret_server_key,
      super_secret_admin: input.has_super_secret_admin_key,
    };
    const kinds = (Object.keys(wanted) as KeyKind[]).filter((kind) => wanted[kind]);
    if (kinds.length === 0) throw KnownErrors.schemaError("An API key set needs at least one key.");
    // A past expiry is accepted as Stack does: the set is made already expired, so its keys never
    // authenticate (the key check compares expiresAt on every request).
    const expiresAt = new Date(input.expires_at_millis);

    const secrets: Partial<Record<KeyKind, string>> = {};
    const row = await db().transaction(async (tx) => {
      const keys: SetKeys = {};
      for (const kind of kinds) {
        const secret = KEY_PREFIX[kind] + randomToken(45);
        const [key] = await tx
          .insert(authApiKeysTable)
          .values({ projectId: project.id, kind, keyHash: sha256(secret), description: input.description, expiresAt })
          .returning({ id: authApiKeysTable.id });
        if (!key) throw new Error("key insert returned no row");
        secrets[kind] = secret;
        keys[kind] = { key_id: key.id, last_four: secret.slice(-4) };
      }
      const [set] = await tx
        .insert(authApiKeySetsTable)
        .values({ projectId: project.id, description: input.description, keys, expiresAt })
        .returning();
      if (!set) throw new Error("key set insert returned no row");
      return set;
    });
    await deps.projects.invalidate(project.id);
    return c.json(renderCreatedSet(row, secrets));
  });

  app.get("/internal/api-keys/:id", admin, async (c) => {
    return c.json(renderSet(await findSet(c.get("auth").project.id, c.req.param("id"))));
  });

  app.patch("/internal/api-keys/:id", admin, async (c) => {
    const { project } = c.get("auth");
    const row = await findSet(project.id, c.req.param("id"));
    const input = await readBody(c, updateBody);
    const now = new Date();
    const updated = await db().transaction(async (tx) => {
      const revokedAt = input.revoked && !row.revokedAt ? now : row.revokedAt;
      if (input.revoked) {
        const keyIds = Object.values(row.keys as SetKeys).map((key) => key.key_id);
        if (keyIds.length > 0) {
          await tx
            .update(authApiKeysTable)
            .set({ revokedAt })
            .where(and(eq(authApiKeysTable.projectId, project.id), inArray(authApiKeysTable.id, keyIds)));
        }
      }
      const [next] = await tx
        .update(authApiKeySetsTable)
        .set({ description: input.description ?? row.description, revokedAt })
        .where(eq(authApiKeySetsTable.id, row.id))
        .returning();
      return next ?? row;
    });
    // Revocation applies to the very next request, here and on every other instance.
    if (input.revoked) await deps.projects.invalidate(project.id);
    return c.json(renderSet(updated));
  });
}
