import { and, count, desc, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { createServiceTokenSchema, SERVICE_TOKENS_PER_APP } from "../contract/service-tokens.ts";
import { appServiceTokensTable } from "../db/schema/index.ts";
import type { AppEnv } from "../http/env.ts";
import { findOwnApp } from "./apps.ts";
import type { ApiEnv } from "./lib/api-env.ts";
import { apiError } from "./lib/api-error.ts";
import { readSecrets, secretsChanged } from "./lib/app-secrets.ts";
import { recordAudit } from "./lib/audit.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { ok } from "./lib/pair.ts";
import { readJson } from "./lib/read-input.ts";
import {
  authenticateServiceToken,
  looksLikeServiceToken,
  mintServiceToken,
  toServiceToken,
} from "./lib/service-tokens.ts";
import { userActor } from "./secrets.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The app owner's service tokens: create (the token is in this answer only), list, revoke. */
export function serviceTokensRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const t = appServiceTokensTable;
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
        .from(t)
        .where(and(eq(t.appId, app.id), isNull(t.revokedAt)))
        .orderBy(desc(t.createdAt), desc(t.id));
      return c.json(ok(rows.map(toServiceToken)));
    })
    .post("/", async (c) => {
      const input = await readJson(c, createServiceTokenSchema);
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
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
            detail: { expiresAt: inserted.expiresAt?.toISOString() ?? null },
          },
        ]);
        return inserted;
      });
      await secretsChanged(deps, app.ownerId, app.id);
      return c.json(ok({ ...toServiceToken(row), token: minted.token }), 201);
    })
    .delete("/:tokenId", async (c) => {
      const app = await findOwnApp(deps, c.var.user.id, c.req.param("appId") ?? "");
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
      await secretsChanged(deps, app.ownerId, app.id);
      return c.json(ok({ id: tokenId, revoked: true as const }));
    });
}

/**
 * `GET /apps/{appId}/secrets` with `Authorization: Bearer console_st_…`: a service token reads its
 * own app's secrets, and nothing else. Any other request passes on to the user routes (which refuse
 * a service token). Attempts are rate-limited per client address, failures more tightly; the
 * token never reaches a log line (the request log has method, path and status only).
 */
export function serviceTokenSecretsReader(deps: ApiDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const raw = c.req.header("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!raw || !looksLikeServiceToken(raw)) return next();
    c.header("Cache-Control", "no-store");
    const appId = c.req.param("appId") ?? "";
    const { token, ownerId } = await deps.limits.serviceToken(c, () =>
      authenticateServiceToken(deps.store.db, raw, appId),
    );
    const secrets = await readSecrets(deps, appId);
    const at = new Date();
    await deps.store.db
      .update(appServiceTokensTable)
      .set({ lastUsedAt: at })
      .where(eq(appServiceTokensTable.id, token.id));
    await recordAudit(deps.store.db, appId, { kind: "token", id: token.id, label: token.name }, [
      { action: "secrets.pulled", subject: token.name, detail: { count: secrets.length } },
    ]);
    await secretsChanged(deps, ownerId, appId);
    c.header("Cache-Control", "no-store");
    return c.json(ok(secrets));
  });
}
