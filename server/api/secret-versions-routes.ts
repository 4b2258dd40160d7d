import { Hono } from "hono";
import { environmentQuerySchema } from "../contract/environments.ts";
import { versionParamSchema } from "../contract/secret-versions.ts";
import { secretKeySchema } from "../contract/secrets.ts";
import { ownerOf } from "./lib/access/owner.ts";
import type { AppAccessEnv } from "./lib/access/resource-access.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readQuery } from "./lib/core/read-input.ts";
import { recordAudit, userActor } from "./lib/history/app-history.ts";
import { currentVersion, lockedVersions, secretAad, secretScope, secretsChanged } from "./lib/secrets/app-secrets.ts";
import { resolveEnvironment } from "./lib/secrets/environments.ts";
import {
  lockEnvironment,
  pruneVersions,
  toSecretVersion,
  versionsOf,
  writeSecrets,
} from "./lib/secrets/secret-versions.ts";

/**
 * `/apps/{appId}/secrets/{key}/versions`: a key's kept versions in one environment (the
 * `environment` query, default development). A viewer sees who changed it when; revealing or
 * restoring an old value needs a developer. Every answer is no-store.
 */
export function secretVersionsRoutes(deps: ApiDeps) {
  const { db } = deps.store;

  /** The path's key, environment and (for the value routes) version, each refused with its own code. */
  async function target(c: Parameters<typeof readQuery>[0], appId: string) {
    const { environment } = readQuery(c, environmentQuerySchema);
    const env = await resolveEnvironment(db, appId, environment);
    const key = secretKeySchema.safeParse(c.req.param("key"));
    if (!key.success) throw apiError("SECRET_NOT_FOUND", "Secret not found.");
    return { env, key: key.data };
  }

  async function keptValue(c: Parameters<typeof readQuery>[0], appId: string) {
    const { env, key } = await target(c, appId);
    const parsed = versionParamSchema.safeParse(c.req.param("version"));
    const version = parsed.success ? parsed.data : -1;
    const row = (await versionsOf(db, env.id, key)).find((r) => r.version === version);
    if (!row || row.ciphertext === null) {
      throw apiError("SECRET_VERSION_NOT_FOUND", `${key} has no kept value at version ${c.req.param("version")}.`, {
        version,
      });
    }
    const value = await deps.vault.open(secretScope(appId), row.ciphertext, secretAad(env.id, key, row.version));
    return { env, key, version: row.version, value };
  }

  return new Hono<AppAccessEnv>()
    .use("*", async (c, next) => {
      c.header("Cache-Control", "no-store");
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/", async (c) => {
      const { row: app } = await c.var.appAccess("viewer");
      const { env, key } = await target(c, app.id);
      const rows = await versionsOf(db, env.id, key);
      if (rows.length === 0) throw apiError("SECRET_NOT_FOUND", "Secret not found.");
      const current = (await currentVersion(db, env.id, key)) ?? null;
      return c.json(ok(rows.map((row) => toSecretVersion(row, current))));
    })
    .post("/:version/reveal", async (c) => {
      const { row: app } = await c.var.appAccess("developer");
      const { env, key, version, value } = await keptValue(c, app.id);
      await recordAudit(db, app.id, userActor(c.var.user), [
        { action: "secret.version_revealed", subject: key, detail: { environment: env.slug, version } },
      ]);
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok({ key, version, decryptedValue: value }));
    })
    .post("/:version/restore", async (c) => {
      const { row: app } = await c.var.appAccess("developer");
      const { env, key, version, value } = await keptValue(c, app.id);
      const seal = await deps.vault.sealer(secretScope(app.id));
      const actor = userActor(c.var.user);
      const written = await db.transaction(async (tx) => {
        await lockEnvironment(tx, env.id, env.slug);
        await lockedVersions(tx, env.id, [key]);
        const versions = await writeSecrets(
          tx,
          seal,
          { appId: app.id, environmentId: env.id, actor, via: "rollback" },
          [{ key, value }],
        );
        await pruneVersions(tx, env.id, deps.secretVersions);
        const made = versions.get(key) ?? 0;
        await recordAudit(tx, app.id, actor, [
          { action: "secret.restored", subject: key, detail: { environment: env.slug, from: version, version: made } },
        ]);
        return made;
      });
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok({ key, version: written, restoredFrom: version }));
    });
}
