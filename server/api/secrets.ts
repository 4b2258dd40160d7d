import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { SECRET_VALUE_MAX_BYTES, type Secret, secretKeySchema, upsertSecretSchema } from "../contract/secrets.ts";
import { appSecretsTable } from "../db/schema/index.ts";
import { findOwnApp } from "./apps.ts";
import type { ApiEnv } from "./lib/api-env.ts";
import { apiError } from "./lib/api-error.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";

const scopeOf = (appId: string) => `app:${appId}`;
/** Binds a ciphertext to its key name (the scope binds the app), so it cannot be moved to another row. */
const aadOf = (key: string) => `secret:${key}`;

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
      const rows = await db
        .select()
        .from(appSecretsTable)
        .where(eq(appSecretsTable.appId, app.id))
        .orderBy(asc(appSecretsTable.key));
      const values = await deps.vault.openMany(
        scopeOf(app.id),
        rows.map((r) => ({ sealed: r.ciphertext, aad: aadOf(r.key) })),
      );
      const secrets: Secret[] = rows.map((r, i) => ({ key: r.key, decryptedValue: values[i] ?? "" }));
      return c.json(ok(secrets));
    })
    .post("/", async (c) => {
      const input = upsertSecretSchema.parse(await c.req.json());
      if (Buffer.byteLength(input.value, "utf8") > SECRET_VALUE_MAX_BYTES) {
        throw apiError("SECRET_VALUE_TOO_LARGE", `A value may be at most ${SECRET_VALUE_MAX_BYTES} bytes.`, {
          maxBytes: SECRET_VALUE_MAX_BYTES,
        });
      }
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
      const ciphertext = await deps.vault.seal(scopeOf(app.id), input.value, aadOf(input.key));
      const [row] = await db
        .insert(appSecretsTable)
        .values({ appId: app.id, key: input.key, ciphertext })
        .onConflictDoUpdate({
          target: [appSecretsTable.appId, appSecretsTable.key],
          set: { ciphertext, updatedAt: new Date() },
        })
        .returning({ createdAt: appSecretsTable.createdAt, updatedAt: appSecretsTable.updatedAt });
      const created = row ? row.createdAt.getTime() === row.updatedAt.getTime() : true;
      return c.json(ok({ key: input.key, created }), created ? 201 : 200);
    })
    .delete("/:key", async (c) => {
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
      const key = secretKeySchema.safeParse(c.req.param("key"));
      if (!key.success) throw apiError("SECRET_NOT_FOUND", "Secret not found.");
      const deleted = await db
        .delete(appSecretsTable)
        .where(and(eq(appSecretsTable.appId, app.id), eq(appSecretsTable.key, key.data)))
        .returning({ key: appSecretsTable.key });
      if (deleted.length === 0) throw apiError("SECRET_NOT_FOUND", "Secret not found.");
      return c.json(ok({ key: key.data, deleted: true as const }));
    });
}
