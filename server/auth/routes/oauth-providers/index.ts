import { and, asc, eq, ne } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import { authOauthAccountsTable } from "../../../db/schema/index.ts";
import { projectAuth } from "../../access/project-auth.ts";
import { targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { StatusError } from "../../errors/status-error.ts";
import { readBody, readQuery } from "../../wire/headers.ts";

type AccountRow = typeof authOauthAccountsTable.$inferSelect;

const email = z.string().trim().max(320).nullable();
const accountId = z.string().trim().min(1).max(500);
const createBody = z
  .object({
    user_id: z.string().max(64),
    provider_config_id: z.string().min(1).max(100),
    email: email.optional(),
    allow_sign_in: z.boolean(),
    allow_connected_accounts: z.boolean(),
    account_id: accountId,
  })
  .strict();
const clientUpdate = z.object({ allow_sign_in: z.boolean(), allow_connected_accounts: z.boolean() }).partial().strict();
const serverUpdate = clientUpdate.extend({ email: email.optional(), account_id: accountId.optional() }).strict();
const listQuery = z.object({ user_id: z.string().max(64).optional() });

function render(row: AccountRow, withAccountId: boolean) {
  return {
    user_id: row.userId,
    id: row.id,
    email: row.email ?? undefined,
    provider_config_id: row.providerId,
    type: row.providerId,
    allow_sign_in: row.allowSignIn,
    allow_connected_accounts: row.allowConnectedAccounts,
    ...(withAccountId ? { account_id: row.accountId } : {}),
  };
}

/** Stack's plain 403 when a client names another user, worded per operation. */
function clientOwnOnly(c: Context<AuthEnv>, userId: string | undefined, verb: string): void {
  const { type, user } = c.get("auth");
  if (type !== "client" || userId === undefined || userId === "me" || userId === user?.id) return;
  throw new StatusError(
    "CLIENT_CANNOT_ACT_FOR_OTHER_USERS",
    `Client can only ${verb} OAuth providers for their own user.`,
  );
}

/**
 * `/oauth-providers`: the social accounts linked to a user, as Stack's API manages them. The server
 * links accounts by hand (e.g. imported users); a client reads and toggles its own. Per provider a
 * user has at most one account that signs in, and an account id signs in at most one user.
 */
export function registerOAuthProviders(app: AuthApp, deps: AuthDeps): void {
  const db = () => deps.ctx.store.db;

  const find = async (projectId: string, userId: string, id: string) => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const [row] = uuid.test(id)
      ? await db()
          .select()
          .from(authOauthAccountsTable)
          .where(
            and(
              eq(authOauthAccountsTable.id, id),
              eq(authOauthAccountsTable.projectId, projectId),
              eq(authOauthAccountsTable.userId, userId),
            ),
          )
      : [];
    if (!row) throw new StatusError("OAUTH_ACCOUNT_NOT_FOUND", `OAuth provider ${id} for user ${userId} not found`);
    return row;
  };

  /** Stack's three uniqueness rules, checked before a write (`exceptId`: the row being updated). */
  const checkUnique = async (
    projectId: string,
    userId: string,
    providerId: string,
    next: { accountId: string; allowSignIn: boolean },
    exceptId?: string,
  ) => {
    const t = authOauthAccountsTable;
    const others = await db()
      .select()
      .from(t)
      .where(and(eq(t.projectId, projectId), eq(t.providerId, providerId), exceptId ? ne(t.id, exceptId) : undefined));
    if (next.allowSignIn && others.some((o) => o.userId === userId && o.allowSignIn)) {
      throw new StatusError(
        "OAUTH_ACCOUNT_CONFLICT",
        "The same provider type with sign-in enabled already exists for this user.",
      );
    }
    if (others.some((o) => o.userId === userId && o.accountId === next.accountId)) {
      throw new StatusError(
        "OAUTH_ACCOUNT_CONFLICT",
        "The same provider type with the same account ID already exists for this user.",
      );
    }
    if (next.allowSignIn && others.some((o) => o.accountId === next.accountId && o.allowSignIn)) {
      throw KnownErrors.oauthProviderAccountIdAlreadyUsedForSignIn();
    }
  };

  app.post("/oauth-providers", projectAuth(deps, ["server", "admin"]), async (c) => {
    const input = await readBody(c, createBody);
    const { project } = c.get("auth");
    const user = await targetUser(c, deps, input.user_id);
    if (!project.config.oauth_providers.some((p) => p.id === input.provider_config_id)) {
      throw new StatusError(
        "OAUTH_PROVIDER_NOT_CONFIGURED",
        `OAuth provider ${input.provider_config_id} not found or not configured`,
      );
    }
    await checkUnique(project.id, user.id, input.provider_config_id, {
      accountId: input.account_id,
      allowSignIn: input.allow_sign_in,
    });
    const [row] = await db()
      .insert(authOauthAccountsTable)
      .values({
        projectId: project.id,
        userId: user.id,
        providerId: input.provider_config_id,
        accountId: input.account_id,
        email: input.email ?? null,
        allowSignIn: input.allow_sign_in,
        allowConnectedAccounts: input.allow_connected_accounts,
      })
      .returning();
    if (!row) throw new Error("oauth account insert returned nothing");
    await deps.users.changed(user.id);
    return c.json(render(row, true), 201);
  });

  app.get("/oauth-providers", projectAuth(deps), async (c) => {
    const query = readQuery(c, listQuery);
    clientOwnOnly(c, query.user_id, "list");
    const { project, type } = c.get("auth");
    // The server lists every user's accounts unless it names one.
    const everyone = type !== "client" && query.user_id === undefined;
    const user = everyone ? null : await targetUser(c, deps, query.user_id);
    const rows = await db()
      .select()
      .from(authOauthAccountsTable)
      .where(
        and(
          eq(authOauthAccountsTable.projectId, project.id),
          user ? eq(authOauthAccountsTable.userId, user.id) : undefined,
        ),
      )
      .orderBy(asc(authOauthAccountsTable.createdAt));
    return c.json({ items: rows.map((r) => render(r, type !== "client")), is_paginated: false });
  });

  app.get("/oauth-providers/:user_id/:provider_id", projectAuth(deps), async (c) => {
    clientOwnOnly(c, c.req.param("user_id"), "read");
    const { project, type } = c.get("auth");
    const user = await targetUser(c, deps, c.req.param("user_id"));
    return c.json(render(await find(project.id, user.id, c.req.param("provider_id")), type !== "client"));
  });

  app.patch("/oauth-providers/:user_id/:provider_id", projectAuth(deps), async (c) => {
    clientOwnOnly(c, c.req.param("user_id"), "update");
    const { project, type } = c.get("auth");
    const input = await readBody(c, type === "client" ? clientUpdate : serverUpdate);
    const user = await targetUser(c, deps, c.req.param("user_id"));
    const row = await find(project.id, user.id, c.req.param("provider_id"));
    const changes: Partial<AccountRow> = {};
    if (input.allow_sign_in !== undefined) changes.allowSignIn = input.allow_sign_in;
    if (input.allow_connected_accounts !== undefined) changes.allowConnectedAccounts = input.allow_connected_accounts;
    const serverInput = input as z.infer<typeof serverUpdate>;
    if (serverInput.email !== undefined) changes.email = serverInput.email;
    if (serverInput.account_id !== undefined) changes.accountId = serverInput.account_id;
    await checkUnique(
      project.id,
      user.id,
      row.providerId,
      { accountId: changes.accountId ?? row.accountId, allowSignIn: changes.allowSignIn ?? row.allowSignIn },
      row.id,
    );
    const [updated] = Object.keys(changes).length
      ? await db().update(authOauthAccountsTable).set(changes).where(eq(authOauthAccountsTable.id, row.id)).returning()
      : [row];
    await deps.users.changed(user.id);
    return c.json(render(updated ?? row, type !== "client"));
  });

  app.delete("/oauth-providers/:user_id/:provider_id", projectAuth(deps), async (c) => {
    clientOwnOnly(c, c.req.param("user_id"), "delete");
    const { project } = c.get("auth");
    const user = await targetUser(c, deps, c.req.param("user_id"));
    const row = await find(project.id, user.id, c.req.param("provider_id"));
    await db().delete(authOauthAccountsTable).where(eq(authOauthAccountsTable.id, row.id));
    await deps.users.changed(user.id);
    return c.json({ success: true });
  });
}
