import { and, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import {
  exportQuerySchema,
  IMPORT_MAX_ENTRIES,
  type ImportEntry,
  importPreviewRequestSchema,
  importRequestSchema,
  SECRET_KEY_MAX_LENGTH,
  SECRET_KEY_PATTERN,
  SECRET_VALUE_MAX_BYTES,
  secretKeySchema,
  upsertSecretSchema,
} from "../contract/secrets.ts";
import { appSecretsTable } from "../db/schema/index.ts";
import { type EnvEntry, formatEnv, parseDotenv, UnrepresentableValue } from "../lib/env-format.ts";
import { findOwnApp } from "./apps.ts";
import type { ApiEnv, ApiUser } from "./lib/api-env.ts";
import { apiError } from "./lib/api-error.ts";
import { readSecrets, secretAad, secretRows, secretScope, secretsChanged } from "./lib/app-secrets.ts";
import { type Actor, type AuditRecord, recordAudit } from "./lib/audit.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";
import { readJson, readQuery } from "./lib/read-input.ts";

export const userActor = (user: ApiUser): Actor => ({ kind: "user", id: user.id, label: user.email });

function checkValueSize(value: string): void {
  if (Buffer.byteLength(value, "utf8") > SECRET_VALUE_MAX_BYTES) {
    throw apiError("SECRET_VALUE_TOO_LARGE", `A value may be at most ${SECRET_VALUE_MAX_BYTES} bytes.`, {
      maxBytes: SECRET_VALUE_MAX_BYTES,
    });
  }
}

const CONTENT_TYPES = {
  dotenv: "text/plain; charset=utf-8",
  shell: "text/x-shellscript; charset=utf-8",
  json: "application/json",
};
const FILE_NAMES = { dotenv: ".env", shell: "env.sh", json: "env.json" };

/** A .env text read and judged against the app's current secrets: what an import would do. */
interface ImportPlan {
  entries: Array<ImportEntry & { value: string }>;
  /** The stored ciphertext of every existing key the text names, to detect a change meanwhile. */
  seen: Map<string, string>;
}

async function planImport(deps: ApiDeps, appId: string, content: string): Promise<ImportPlan> {
  const parsed: EnvEntry[] = parseDotenv(content);
  if (parsed.length === 0) throw apiError("IMPORT_EMPTY", "No KEY=value lines were found in the text.");
  if (parsed.length > IMPORT_MAX_ENTRIES) {
    throw apiError("IMPORT_TOO_MANY_ENTRIES", `One import may hold at most ${IMPORT_MAX_ENTRIES} keys.`, {
      max: IMPORT_MAX_ENTRIES,
    });
  }
  const rows = (await secretRows(deps, appId)).filter((r) => parsed.some((p) => p.key === r.key));
  const current = new Map((await readSecrets(deps, appId, rows)).map((s) => [s.key, s.decryptedValue]));
  const entries = parsed.map(({ key, value }): ImportEntry & { value: string } => {
    if (key.length > SECRET_KEY_MAX_LENGTH || !SECRET_KEY_PATTERN.test(key)) {
      return { key, value, status: "invalid", reason: "key" };
    }
    if (Buffer.byteLength(value, "utf8") > SECRET_VALUE_MAX_BYTES) {
      return { key, value, status: "invalid", reason: "value_too_large" };
    }
    const existing = current.get(key);
    if (existing === undefined) return { key, value, status: "new" };
    return { key, value, status: existing === value ? "unchanged" : "replace" };
  });
  return { entries, seen: new Map(rows.map((r) => [r.key, r.ciphertext])) };
}

/** An app's environment variables; every answer, errors included, is marked no-store. */
export function secretsRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  return new Hono<ApiEnv>()
    .use("*", async (c, next) => {
      c.header("Cache-Control", "no-store");
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/", async (c) => {
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
      return c.json(ok(await readSecrets(deps, app.id)));
    })
    .post("/", async (c) => {
      const input = await readJson(c, upsertSecretSchema);
      checkValueSize(input.value);
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
      // Sealed before the transaction: the first seal of an app creates its data key through the pool.
      const ciphertext = await deps.vault.seal(secretScope(app.id), input.value, secretAad(input.key));
      const created = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(appSecretsTable)
          .values({ appId: app.id, key: input.key, ciphertext })
          .onConflictDoNothing()
          .returning({ key: appSecretsTable.key });
        if (inserted.length === 0) {
          if (input.overwrite === false) {
            throw apiError("SECRET_EXISTS", `${input.key} exists already.`, { key: input.key });
          }
          await tx
            .update(appSecretsTable)
            .set({ ciphertext, updatedAt: new Date() })
            .where(and(eq(appSecretsTable.appId, app.id), eq(appSecretsTable.key, input.key)));
        }
        const isNew = inserted.length > 0;
        await recordAudit(tx, app.id, userActor(c.var.user), [
          { action: isNew ? "secret.created" : "secret.updated", subject: input.key },
        ]);
        return isNew;
      });
      await secretsChanged(deps, app.ownerId, app.id);
      return c.json(ok({ key: input.key, created }), created ? 201 : 200);
    })
    .post("/reveal", async (c) => {
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
      const secrets = await readSecrets(deps, app.id);
      await recordAudit(db, app.id, userActor(c.var.user), [
        { action: "secrets.revealed", detail: { count: secrets.length } },
      ]);
      await secretsChanged(deps, app.ownerId, app.id);
      return c.json(ok(secrets));
    })
    .get("/export", async (c) => {
      const { format } = readQuery(c, exportQuerySchema);
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
      const secrets = await readSecrets(deps, app.id);
      let text: string;
      try {
        text = formatEnv(
          secrets.map((s) => ({ key: s.key, value: s.decryptedValue })),
          format,
        );
      } catch (error) {
        if (!(error instanceof UnrepresentableValue)) throw error;
        throw apiError(
          "EXPORT_NOT_REPRESENTABLE",
          `These values cannot be written as ${format} without changing them: ${error.keys.join(", ")}.`,
          { keys: error.keys },
        );
      }
      await recordAudit(db, app.id, userActor(c.var.user), [
        { action: "secrets.exported", detail: { format, count: secrets.length } },
      ]);
      await secretsChanged(deps, app.ownerId, app.id);
      c.header("Content-Type", CONTENT_TYPES[format]);
      c.header("Content-Disposition", `attachment; filename="${FILE_NAMES[format]}"`);
      return c.body(text);
    })
    .post("/import/preview", async (c) => {
      const input = await readJson(c, importPreviewRequestSchema);
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
      const plan = await planImport(deps, app.id, input.content);
      return c.json(ok({ entries: plan.entries.map(({ value: _value, ...entry }) => entry) }));
    })
    .post("/import", async (c) => {
      const input = await readJson(c, importRequestSchema);
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
      const plan = await planImport(deps, app.id, input.content);
      const invalid = plan.entries.filter((e) => e.status === "invalid");
      if (invalid.length > 0) {
        throw apiError("IMPORT_INVALID", `Some lines cannot be imported: ${invalid.map((e) => e.key).join(", ")}.`, {
          invalid: invalid.map(({ key, reason }) => ({ key, reason })),
        });
      }
      const agreed = new Set(input.replace);
      const unagreed = plan.entries.filter((e) => e.status === "replace" && !agreed.has(e.key)).map((e) => e.key);
      if (unagreed.length > 0) {
        throw apiError(
          "IMPORT_CONFLICT",
          `These keys would be replaced without being listed: ${unagreed.join(", ")}.`,
          {
            keys: unagreed,
          },
        );
      }
      const writes = plan.entries.filter((e) => e.status === "new" || e.status === "replace");
      const sealed = await Promise.all(
        writes.map(async (e) => ({
          ...e,
          ciphertext: await deps.vault.seal(secretScope(app.id), e.value, secretAad(e.key)),
        })),
      );
      await db.transaction(async (tx) => {
        // The plan was made outside the transaction: if any key it read changed since, start over.
        const keys = plan.entries.map((e) => e.key);
        const now = await tx
          .select({ key: appSecretsTable.key, ciphertext: appSecretsTable.ciphertext })
          .from(appSecretsTable)
          .where(and(eq(appSecretsTable.appId, app.id), inArray(appSecretsTable.key, keys)))
          .for("update");
        const changed = now.length !== plan.seen.size || now.some((row) => plan.seen.get(row.key) !== row.ciphertext);
        if (changed) {
          throw apiError("IMPORT_CONFLICT", "The secrets changed while importing; look at the preview again.", {
            keys: now.filter((row) => plan.seen.get(row.key) !== row.ciphertext).map((row) => row.key),
          });
        }
        const at = new Date();
        for (const e of sealed) {
          await tx
            .insert(appSecretsTable)
            .values({ appId: app.id, key: e.key, ciphertext: e.ciphertext })
            .onConflictDoUpdate({
              target: [appSecretsTable.appId, appSecretsTable.key],
              set: { ciphertext: e.ciphertext, updatedAt: at },
            });
        }
        const records: AuditRecord[] = sealed.map((e) => ({
          action: e.status === "new" ? "secret.created" : "secret.updated",
          subject: e.key,
          detail: { via: "import" },
        }));
        await recordAudit(tx, app.id, userActor(c.var.user), records);
      });
      if (sealed.length > 0) await secretsChanged(deps, app.ownerId, app.id);
      const keysOf = (status: ImportEntry["status"]) =>
        plan.entries.filter((e) => e.status === status).map((e) => e.key);
      return c.json(ok({ created: keysOf("new"), replaced: keysOf("replace"), unchanged: keysOf("unchanged") }));
    })
    .delete("/:key", async (c) => {
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
      const key = secretKeySchema.safeParse(c.req.param("key"));
      if (!key.success) throw apiError("SECRET_NOT_FOUND", "Secret not found.");
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(appSecretsTable)
          .where(and(eq(appSecretsTable.appId, app.id), eq(appSecretsTable.key, key.data)))
          .returning({ key: appSecretsTable.key });
        if (deleted.length === 0) throw apiError("SECRET_NOT_FOUND", "Secret not found.");
        await recordAudit(tx, app.id, userActor(c.var.user), [{ action: "secret.deleted", subject: key.data }]);
      });
      await secretsChanged(deps, app.ownerId, app.id);
      return c.json(ok({ key: key.data, deleted: true as const }));
    });
}
