import { and, count, desc, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { environmentQuerySchema } from "../contract/environments.ts";
import { createServiceTokenSchema, SERVICE_TOKENS_PER_APP } from "../contract/service-tokens.ts";
import { appEnvironmentsTable, appServiceTokensTable } from "../db/schema/index.ts";
import type { AppEnv } from "../http/env.ts";
import { ownerOf } from "./lib/access/owner.ts";
import type { AppAccessEnv } from "./lib/access/resource-access.ts";
import {
  authenticateServiceToken,
  looksLikeServiceToken,
  mintServiceToken,
  toServiceToken,
} from "./lib/access/service-token-keys.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson, readQuery } from "./lib/core/read-input.ts";
import { recordAudit, userActor } from "./lib/history/app-history.ts";
import { readSecrets, secretsChanged } from "./lib/secrets/app-secrets.ts";
import { environmentsOf, resolveEnvironment } from "./lib/secrets/environments.ts";
import { resolveForUse } from "./lib/secrets/resolved-secrets.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The app owner's service tokens: create (the token is in this answer only), list, revoke. */
export function serviceTokensRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const t = appServiceTokensTable;
  return new Hono<AppAccessEnv>()
    .use("*", async (c, next) => {
      c.header("Cache-Control", "no-store");
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/", async (c) => {
      const { row: app } = await c.var.appAccess("developer");
      const e = appEnvironmentsTable;
      const rows = await db
        .select({ token: t, slug: e.slug, name: e.name })
        .from(t)
        .leftJoin(e, eq(e.id, t.environmentId))
        .where(and(eq(t.appId, app.id), isNull(t.revokedAt)))
        .orderBy(desc(t.createdAt), desc(t.id));
      return c.json(
        ok(
          rows.map((r) =>
            toServiceToken(r.token, r.slug !== null && r.name !== null ? { slug: r.slug, name: r.name } : null),
          ),
        ),
      );
    })
    .post("/", async (c) => {
      const input = await readJson(c, createServiceTokenSchema);
      const { row: app } = await c.var.appAccess("admin");
      const env = await resolveEnvironment(db, app.id, input.environment);
      const minted = mintServiceToken();
      const row = await db.transaction(async (tx) => {
        const [live] = await tx
          .select({ n: count() })
          .from(t)
          .where(and(eq(t.appId, app.id), isNull(t.revokedAt)));
        if ((live?.n ?? 0) >= SERVICE_TOKENS_PER_APP) {
          throw apiError(
            "SERVICE_TOKEN_LIMIT_REACHED",
            `An app may have at most ${SERVICE_TOKENS_PER_APP} service tokens; revoke one first.`,
            { max: SERVICE_TOKENS_PER_APP },
          );
        }
        const [inserted] = await tx
          .insert(t)
          .values({
            id: minted.id,
            appId: app.id,
            environmentId: env.id,
            name: input.name,
            secretHash: minted.secretHash,
            lastFour: minted.lastFour,
            createdBy: c.var.user.id,
            expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          })
          .returning();
        if (!inserted) throw new Error("service token insert returned no row");
        await recordAudit(tx, app.id, userActor(c.var.user), [
          {
            action: "token.created",
            subject: input.name,
            detail: { expiresAt: inserted.expiresAt?.toISOString() ?? null, environment: env.slug },
          },
        ]);
        return inserted;
      });
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok({ ...toServiceToken(row, { slug: env.slug, name: env.name }), token: minted.token }), 201);
    })
    .delete("/:tokenId", async (c) => {
      const { row: app } = await c.var.appAccess("admin");
      const tokenId = c.req.param("tokenId");
      if (!UUID.test(tokenId)) throw apiError("SERVICE_TOKEN_NOT_FOUND", "Service token not found.");
      await db.transaction(async (tx) => {
        const [revoked] = await tx
          .update(t)
          .set({ revokedAt: new Date() })
          .where(and(eq(t.id, tokenId), eq(t.appId, app.id), isNull(t.revokedAt)))
          .returning();
        if (!revoked) throw apiError("SERVICE_TOKEN_NOT_FOUND", "Service token not found.");
        await recordAudit(tx, app.id, userActor(c.var.user), [{ action: "token.revoked", subject: revoked.name }]);
      });
      await secretsChanged(deps, ownerOf(app), app.id);
      return c.json(ok({ id: tokenId, revoked: true as const }));
    });
}

/**
 * `GET /apps/{appId}/secrets` with `Authorization: Bearer console_st_…`: a service token reads its
 * own app's secrets in its own environment (an `environment` query may name it, no other), and
 * nothing else. Any other request passes on to the user routes (which refuse
 * a service token). Attempts are rate-limited per client address, failures more tightly; the
 * token never reaches a log line (the request log has method, path and status only).
 */
export function serviceTokenSecretsReader(deps: ApiDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const raw = c.req.header("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!raw || !looksLikeServiceToken(raw)) return next();
    c.header("Cache-Control", "no-store");
    const appId = c.req.param("appId") ?? "";
    const { token, owner } = await deps.limits.serviceToken(c, () =>
      authenticateServiceToken(deps.store.db, raw, appId),
    );
    const { environment } = readQuery(c, environmentQuerySchema);
    // authenticateServiceToken refuses a token without an environment (its environment was deleted).
    const environmentId = token.environmentId ?? "";
    const own = (await environmentsOf(deps.store.db, appId)).find((e) => e.id === environmentId);
    if (!own) throw apiError("SERVICE_TOKEN_REVOKED", "This service token was revoked.");
    if (environment !== undefined) {
      const named = await resolveEnvironment(deps.store.db, appId, environment);
      if (named.id !== environmentId) {
        throw apiError("SERVICE_TOKEN_WRONG_ENVIRONMENT", "This service token reads another environment.");
      }
    }
    // A token reads for use: references are resolved, within the token's own environment only.
    const stored = await readSecrets(deps, appId, environmentId);
    const secrets = await resolveForUse(deps, { kind: "token" }, appId, own, stored);
    const at = new Date();
    await deps.store.db
      .update(appServiceTokensTable)
      .set({ lastUsedAt: at })
      .where(eq(appServiceTokensTable.id, token.id));
    await recordAudit(deps.store.db, appId, { kind: "token", id: token.id, label: token.name }, [
      {
        action: "secrets.pulled",
        subject: token.name,
        detail: { count: secrets.length, environment: environment ?? null },
      },
    ]);
    await secretsChanged(deps, owner, appId);
    c.header("Cache-Control", "no-store");
    return c.json(ok(secrets));
  });
}
