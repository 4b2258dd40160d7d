import type { Context } from "hono";
import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import { targetUser } from "../../access/user-target.ts";
import type { AuthApp, AuthDeps, AuthEnv } from "../../auth-env.ts";
import { KnownErrors } from "../../errors/known-errors.ts";
import { StatusError } from "../../errors/status-error.ts";
import { apiKeyRevokedMail } from "../../mail/auth-mails.ts";
import { LIMITS } from "../../policy/rate-limit.ts";
import { renderApiKey } from "../../render/user-team-api-keys.ts";
import type { ApiKeyKind, ApiKeyRow, NewApiKey } from "../../stores/user-team-api-keys.ts";
import { readBody, readQuery } from "../../wire/headers.ts";
import { epochMillisSchema } from "../../wire/schemas.ts";

const SERVER_ONLY = ["server", "admin"] as const;
const id = z.string().max(64);

const createFields = {
  description: z.string().max(1000),
  expires_at_millis: epochMillisSchema.positive().nullish(),
  is_public: z.boolean().optional(),
};
const createBody = {
  user: z.object({ user_id: id, ...createFields }).strict(),
  team: z.object({ team_id: id, ...createFields }).strict(),
};
const ownerQuery = {
  user: z.object({ user_id: id.optional() }).strict(),
  team: z.object({ team_id: id }).strict(),
};
const updateBody = z
  .object({
    description: z.string().max(1000),
    revoked: z.boolean(),
    expires_at_millis: epochMillisSchema.positive().nullable(),
  })
  .partial()
  .strict();
const checkBody = z.object({ api_key: z.string().max(500) }).strict();

const DISABLED: Record<ApiKeyKind, string> = {
  user: "User API keys are not enabled for this project.",
  team: "Team API keys are not enabled for this project.",
};

function requireEnabled(c: Context<AuthEnv>, kind: ApiKeyKind): void {
  const { config } = c.get("auth").project;
  if (!(kind === "user" ? config.allow_user_api_keys : config.allow_team_api_keys)) {
    throw new StatusError("API_KEYS_NOT_ENABLED", DISABLED[kind]);
  }
}

/**
 * The owner a request names, checked for the caller: a client manages its own user keys, and a
 * team's keys only with `$manage_api_keys` there; otherwise the key is "not found", so a client
 * cannot learn which teams exist.
 */
async function ownerFor(
  c: Context<AuthEnv>,
  deps: AuthDeps,
  kind: ApiKeyKind,
  raw: { user_id?: string; team_id?: string },
): Promise<NewApiKey["owner"]> {
  const { type, project, user } = c.get("auth");
  if (kind === "user") {
    if (type === "client" && raw.user_id && raw.user_id !== "me" && raw.user_id !== user?.id) {
      if (!user) throw KnownErrors.userAuthenticationRequired();
      throw new StatusError("CLIENT_CANNOT_ACT_FOR_OTHER_USERS", "Client can only manage their own api keys");
    }
    return { kind: "user", userId: (await targetUser(c, deps, raw.user_id)).id };
  }
  const teamId = raw.team_id ?? "";
  if (type === "client") {
    if (!user) throw KnownErrors.userAuthenticationRequired();
    const allowed =
      (await deps.teams.exists(project.id, teamId)) &&
      (await deps.teams.isMember(teamId, user.id)) &&
      (await deps.teams.permissionsOf(teamId, user.id)).has("$manage_api_keys");
    if (!allowed) throw KnownErrors.apiKeyNotFound();
    return { kind: "team", teamId };
  }
  return { kind: "team", teamId: (await deps.teams.require(project.id, teamId)).id };
}

/** The key of the path, which the caller must be allowed to manage. */
async function keyOfPath(c: Context<AuthEnv>, deps: AuthDeps, kind: ApiKeyKind): Promise<ApiKeyRow> {
  // Stack requires team_id on every team key path, even though the key names its team; a user
  // key's path takes user_id at most.
  const teamId = kind === "team" ? readQuery(c, ownerQuery.team).team_id : undefined;
  if (kind === "user") readQuery(c, ownerQuery.user);
  const row = await deps.apiKeys.require(c.get("auth").project.id, kind, c.req.param("api_key_id") ?? "");
  if (teamId !== undefined && teamId !== row.teamId) throw KnownErrors.apiKeyNotFound();
  await ownerFor(c, deps, kind, row.userId ? { user_id: row.userId } : { team_id: row.teamId ?? "" });
  return row;
}

function registerKind(app: AuthApp, deps: AuthDeps, kind: ApiKeyKind): void {
  const base = `/${kind}-api-keys`;

  app.post(base, projectAuth(deps), async (c) => {
    requireEnabled(c, kind);
    const body = await readBody(c, createBody[kind]);
    const owner = await ownerFor(c, deps, kind, body);
    const { row, value } = await deps.apiKeys.create(c.get("auth").project.id, {
      owner,
      description: body.description,
      isPublic: body.is_public ?? false,
      expiresAt: body.expires_at_millis ? new Date(body.expires_at_millis) : null,
    });
    return c.json(renderApiKey(row, value));
  });

  app.get(base, projectAuth(deps), async (c) => {
    requireEnabled(c, kind);
    const query = readQuery(c, ownerQuery[kind]);
    // A client lists its own keys; a server must say whose (never every user's keys at once).
    if (kind === "user" && !("user_id" in query && query.user_id) && c.get("auth").type !== "client") {
      throw KnownErrors.schemaError("user_id is required for user API keys");
    }
    const owner = await ownerFor(c, deps, kind, query);
    const rows = await deps.apiKeys.list(c.get("auth").project.id, owner);
    return c.json({ items: rows.map((row) => renderApiKey(row)), is_paginated: false });
  });

  // Registered before /:api_key_id so "check" is never read as an id.
  app.post(`${base}/check`, projectAuth(deps, SERVER_ONLY), async (c) => {
    requireEnabled(c, kind);
    const body = await readBody(c, checkBody);
    const projectId = c.get("auth").project.id;
    const row = await deps.limits.secret(c, "api-key-check", () => deps.apiKeys.check(projectId, kind, body.api_key));
    return c.json(renderApiKey(row));
  });

  app.get(`${base}/:api_key_id`, projectAuth(deps), async (c) => {
    requireEnabled(c, kind);
    return c.json(renderApiKey(await keyOfPath(c, deps, kind)));
  });

  app.patch(`${base}/:api_key_id`, projectAuth(deps), async (c) => {
    requireEnabled(c, kind);
    const body = await readBody(c, updateBody);
    const row = await keyOfPath(c, deps, kind);
    const expiresAt =
      body.expires_at_millis === undefined
        ? undefined
        : body.expires_at_millis
          ? new Date(body.expires_at_millis)
          : null;
    return c.json(
      renderApiKey(await deps.apiKeys.update(row, { description: body.description, revoked: body.revoked, expiresAt })),
    );
  });
}

export function registerUserTeamApiKeys(app: AuthApp, deps: AuthDeps): void {
  registerKind(app, deps, "user");
  registerKind(app, deps, "team");

  /**
   * Where a secret scanner reports a leaked key: it carries no project credentials, the key itself
   * is the proof. Stack's endpoint, answered with its statuses.
   */
  app.post("/integrations/credential-scanning/revoke", async (c) => {
    const body = await readBody(c, checkBody);
    await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
    const revoked = await deps.limits.secret(c, "api-key-check", () => deps.apiKeys.revokeLeaked(body.api_key));
    if (revoked) await notifyRevoked(deps, revoked);
    return c.json({ success: true });
  });
}

/**
 * Tells the key's owners that a scanner's report revoked it: a user key's user at their primary
 * e-mail, a team key's members who may manage the team's keys (`$manage_api_keys`, contained
 * permissions included). Mails go through the outbox, so the scanner's request does not wait.
 */
async function notifyRevoked(deps: AuthDeps, key: ApiKeyRow): Promise<void> {
  const project = await deps.projects.get(key.projectId);
  if (!project) return;
  const owners = key.userId
    ? [key.userId]
    : key.teamId
      ? await filterAsync(
          (await deps.teams.members(key.projectId, { teamId: key.teamId })).map((m) => m.userId),
          async (userId) => (await deps.teams.permissionsOf(key.teamId as string, userId)).has("$manage_api_keys"),
        )
      : [];
  for (const userId of owners) {
    const user = await deps.users.get(key.projectId, userId);
    if (!user?.primaryEmail) continue;
    await deps.mailer.send(apiKeyRevokedMail(project.project, user.primaryEmail, key.description));
  }
}

async function filterAsync<T>(items: T[], keep: (item: T) => Promise<boolean>): Promise<T[]> {
  const out: T[] = [];
  for (const item of items) if (await keep(item)) out.push(item);
  return out;
}
