import { Hono } from "hono";
import { environmentQuerySchema } from "../contract/environments.ts";
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
  secretsReadQuerySchema,
  upsertSecretSchema,
} from "../contract/secrets.ts";
import { type EnvEntry, formatEnv, parseDotenv, UnrepresentableValue } from "../lib/env-format.ts";
import { ownerOf } from "./lib/access/owner.ts";
import type { AppAccessEnv } from "./lib/access/resource-access.ts";
import { atLeast } from "./lib/access/roles.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson, readQuery } from "./lib/core/read-input.ts";
import { type AuditRecord, recordAudit, userActor } from "./lib/history/app-history.ts";
import { lockedVersions, readSecrets, secretRows, secretScope, secretsChanged } from "./lib/secrets/app-secrets.ts";
import { type EnvironmentRow, resolveEnvironment } from "./lib/secrets/environments.ts";
import { resolveForUse } from "./lib/secrets/resolved-secrets.ts";
import { lockEnvironment, pruneVersions, writeSecrets } from "./lib/secrets/secret-versions.ts";

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

async function planImport(deps: ApiDeps, appId: string, env: EnvironmentRow, content: string): Promise<ImportPlan> {
  const parsed: EnvEntry[] = parseDotenv(content);
  if (parsed.length === 0) throw apiError("IMPORT_EMPTY", "No KEY=value lines were found in the text.");
  if (parsed.length > IMPORT_MAX_ENTRIES) {
    throw apiError("IMPORT_TOO_MANY_ENTRIES", `One import may hold at most ${IMPORT_MAX_ENTRIES} keys.`, {
      max: IMPORT_MAX_ENTRIES,
    });
  }
  const rows = (await secretRows(deps.store.db, env.id)).filter((r) => parsed.some((p) => p.key === r.key));
  const current = new Map((await readSecrets(deps, appId, env.id, rows)).map((s) => [s.key, s.decryptedValue]));
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

/**
 * An app's environment variables in one environment: the one the `environment` query names by slug,
 * else the default (development); every answer, errors included, is marked no-store.
 */
export function secretsRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const environmentOf = (c: Parameters<typeof readQuery>[0], appId: string) =>
    resolveEnvironment(db, appId, readQuery(c, environmentQuerySchema).environment);
  return new Hono<AppAccessEnv>()
    .use("*", async (c, next) => {
      c.header("Cache-Control", "no-store");
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/", async (c) => {
      const query = readQuery(c, secretsReadQuerySchema);
      // Resolved values are values: asking for them needs the role that sees values.
      const { row: app, role } = await c.var.appAccess(query.resolve ? "developer" : "viewer");
      const env = await resolveEnvironment(db, app.id, query.environment);
      // A viewer sees the keys, never a value: nothing is even decrypted for them.
      if (!atLeast(role, "developer")) {
        const rows = await secretRows(db, env.id);
        return c.json(ok(rows.map((r) => ({ key: r.key, decryptedValue: "", hidden: true as const }))));
      }
      const secrets = await readSecrets(deps, app.id, env.id);
      if (!query.resolve) return c.json(ok(secrets));
      return c.json(
        ok(await resolveForUse(deps, { kind: "user", actor: userActor(c.var.user) }, app.id, env, secrets)),
      );
    })
    .post("/", async (c) => {
      const input = await readJson(c, upsertSecretSchema);
      checkValueSize(input.value);
      const { row: app } = await c.var.appAccess("developer");
      const env = await environmentOf(c, app.id);
      // The data key is looked up (or created) before the transaction, through the pool.
      const seal = await deps.vault.sealer(secretScope(app.id));
      const actor = userActor(c.var.user);
      const created = await db.transaction(async (tx) => {
        await lockEnvironment(tx, env.id, env.slug);
        const previous = (await lockedVersions(tx, env.id, [input.key])).get(input.key);
        if (previous && input.overwrite === false) {
          throw apiError("SECRET_EXISTS", `${input.key} exists already.`, { key: input.key });
        }
        const isNew = previous === undefined;
        await writeSecrets(tx, seal, { appId: app.id, environmentId: env.id, actor, via: "browser" }, [
          { key: input.key, value: input.value },
        ]);
        await pruneVersions(tx, env.id, deps.secretVersions);
        await recordAudit(tx, app.id, actor, [
          {
            action: isNew ? "secret.created" : "secret.updated",
            subject: input.key,
            detail: { environment: env.slug },
          },
        ]);
        return isNew;
      });
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok({ key: input.key, created }), created ? 201 : 200);
    })
    .post("/reveal", async (c) => {
      const query = readQuery(c, secretsReadQuerySchema);
      const { row: app } = await c.var.appAccess("developer");
      const env = await resolveEnvironment(db, app.id, query.environment);
      const stored = await readSecrets(deps, app.id, env.id);
      const secrets = query.resolve
        ? await resolveForUse(deps, { kind: "user", actor: userActor(c.var.user) }, app.id, env, stored)
        : stored;
      await recordAudit(db, app.id, userActor(c.var.user), [
        {
          action: "secrets.revealed",
          detail: { count: secrets.length, environment: env.slug, ...(query.resolve ? { resolved: true } : {}) },
        },
      ]);
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok(secrets));
    })
    .get("/export", async (c) => {
      const { format, environment, resolve } = readQuery(c, exportQuerySchema);
      const { row: app } = await c.var.appAccess("developer");
      const env = await resolveEnvironment(db, app.id, environment);
      const stored = await readSecrets(deps, app.id, env.id);
      // Unresolved by default: an export is also a copy to import again, references and all.
      const secrets = resolve
        ? await resolveForUse(deps, { kind: "user", actor: userActor(c.var.user) }, app.id, env, stored)
        : stored;
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
        {
          action: "secrets.exported",
          detail: { format, count: secrets.length, environment: env.slug, ...(resolve ? { resolved: true } : {}) },
        },
      ]);
      await secretsChanged(deps, ownerOf(app), app.id);
      c.header("Content-Type", CONTENT_TYPES[format]);
      c.header("Content-Disposition", `attachment; filename="${FILE_NAMES[format]}"`);
      return c.body(text);
    })
    .post("/import/preview", async (c) => {
      const input = await readJson(c, importPreviewRequestSchema);
      const { row: app } = await c.var.appAccess("developer");
      const env = await environmentOf(c, app.id);
      const plan = await planImport(deps, app.id, env, input.content);
      return c.json(ok({ entries: plan.entries.map(({ value: _value, ...entry }) => entry) }));
    })
    .post("/import", async (c) => {
      const input = await readJson(c, importRequestSchema);
      const { row: app } = await c.var.appAccess("developer");
      const env = await environmentOf(c, app.id);
      const plan = await planImport(deps, app.id, env, input.content);
      const invalid = plan.entries.filter((e) => e.status === "invalid");
      if (invalid.length > 0 && !input.skipInvalid) {
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
      const seal = await deps.vault.sealer(secretScope(app.id));
      await db.transaction(async (tx) => {
        await lockEnvironment(tx, env.id, env.slug);
        // The plan was made outside the transaction: if any key it read changed since, start over.
        const now = [
          ...(
            await lockedVersions(
              tx,
              env.id,
              plan.entries.map((e) => e.key),
            )
          ).values(),
        ];
        const changed = now.length !== plan.seen.size || now.some((row) => plan.seen.get(row.key) !== row.ciphertext);
        if (changed) {
          throw apiError("IMPORT_CONFLICT", "The secrets changed while importing; look at the preview again.", {
            keys: now.filter((row) => plan.seen.get(row.key) !== row.ciphertext).map((row) => row.key),
          });
        }
        await writeSecrets(
          tx,
          seal,
          { appId: app.id, environmentId: env.id, actor: userActor(c.var.user), via: "import" },
          writes.map((e) => ({ key: e.key, value: e.value })),
        );
        await pruneVersions(tx, env.id, deps.secretVersions);
        const records: AuditRecord[] = writes.map((e) => ({
          action: e.status === "new" ? "secret.created" : "secret.updated",
          subject: e.key,
          detail: { via: "import", environment: env.slug },
        }));
        await recordAudit(tx, app.id, userActor(c.var.user), records);
      });
      if (writes.length > 0) await secretsChanged(deps, ownerOf(app), app.id);
      const keysOf = (status: ImportEntry["status"]) =>
        plan.entries.filter((e) => e.status === status).map((e) => e.key);
      const skipped = invalid.map(({ key, reason }) => ({ key, reason: reason ?? "key" }));
      return c.json(
        ok({ created: keysOf("new"), replaced: keysOf("replace"), unchanged: keysOf("unchanged"), skipped }),
      );
    })
    .delete("/:key", async (c) => {
      const { row: app } = await c.var.appAccess("developer");
      const env = await environmentOf(c, app.id);
      const key = secretKeySchema.safeParse(c.req.param("key"));
      if (!key.success) throw apiError("SECRET_NOT_FOUND", "Secret not found.");
      const actor = userActor(c.var.user);
      // A deletion is a version without a value: the key's past values stay for the retention time.
      const seal = await deps.vault.sealer(secretScope(app.id));
      await db.transaction(async (tx) => {
        await lockEnvironment(tx, env.id, env.slug);
        const existing = await lockedVersions(tx, env.id, [key.data]);
        if (!existing.has(key.data)) throw apiError("SECRET_NOT_FOUND", "Secret not found.");
        await writeSecrets(tx, seal, { appId: app.id, environmentId: env.id, actor, via: "browser" }, [
          { key: key.data, value: null },
        ]);
        await pruneVersions(tx, env.id, deps.secretVersions);
        await recordAudit(tx, app.id, actor, [
          { action: "secret.deleted", subject: key.data, detail: { environment: env.slug } },
        ]);
      });
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok({ key: key.data, deleted: true as const }));
    });
}
