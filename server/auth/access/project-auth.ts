import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { AccessType, AuthDeps, AuthEnv } from "../auth-env.ts";
import { sha256 } from "../crypto/secrets.ts";
import { restrictedReasonOf } from "../crypto/tokens.ts";
import { KnownErrors, restrictedUserNotAllowed } from "../errors/known-errors.ts";
import type { KeyKind } from "../stores/projects.ts";
import { stackHeader } from "../wire/headers.ts";
import { checkAdminAccessToken } from "./project-owners.ts";

const ACCESS_TYPES: readonly AccessType[] = ["client", "server", "admin"];

/** True when `key` hashes to one of `hashes`; every candidate is compared in constant time. */
export function keyMatches(key: string, hashes: string[]): boolean {
  const candidate = Buffer.from(sha256(key));
  let match = false;
  for (const hash of hashes) {
    const stored = Buffer.from(hash);
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate)) match = true;
  }
  return match;
}

/** The headers by which a caller proves access to a project, besides naming it (`project-id`). */
const ACCESS_HEADERS = [
  "access-type",
  "publishable-client-key",
  "secret-server-key",
  "super-secret-admin-key",
  "admin-access-token",
];

/**
 * Whether the caller sent any project header (in either dialect). `orProjectId: false` ignores a
 * bare project id, for the API root, which greets such a caller like one without headers.
 */
export function sendsProjectHeaders(c: Context, { orProjectId = true } = {}): boolean {
  return (orProjectId && stackHeader(c, "project-id") !== undefined) || ACCESS_HEADERS.some((h) => stackHeader(c, h));
}

/**
 * projectAuth for the routes anyone may call without a project (as on Stack): a caller that sends
 * project headers gets them checked like everywhere else, and `c.var.auth` set; one that sends
 * none goes on with `c.var.auth` unset.
 */
export function optionalProjectAuth(deps: AuthDeps): MiddlewareHandler<AuthEnv> {
  const authed = projectAuth(deps);
  return (c, next) => (sendsProjectHeaders(c) ? authed(c, next) : next());
}

/**
 * Establishes `c.var.auth` the way Stack's server does, checking in its order: access type,
 * project id, access token, project, key for the access type, user. Then the route's allowed
 * access types. Errors are the SDK's known errors.
 */
export function projectAuth(deps: AuthDeps, allowed: readonly AccessType[] = ACCESS_TYPES): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const accessTypeHeader = stackHeader(c, "access-type");
    const publishableKey = stackHeader(c, "publishable-client-key");
    const secretKey = stackHeader(c, "secret-server-key");
    const adminKey = stackHeader(c, "super-secret-admin-key");
    const adminAccessToken = stackHeader(c, "admin-access-token");

    if (!accessTypeHeader) {
      if (publishableKey || secretKey || adminKey || adminAccessToken) throw KnownErrors.projectKeyWithoutAccessType();
      throw KnownErrors.accessTypeRequired();
    }
    if (!ACCESS_TYPES.includes(accessTypeHeader as AccessType)) throw KnownErrors.invalidAccessType(accessTypeHeader);
    const type = accessTypeHeader as AccessType;
    const projectId = stackHeader(c, "project-id");
    if (!projectId) throw KnownErrors.accessTypeWithoutProjectId(type);

    const accessToken = stackHeader(c, "access-token");
    const claims = accessToken ? await deps.tokens.verify(accessToken, projectId) : null;
    if (claims?.is_anonymous && stackHeader(c, "allow-anonymous-user") !== "true") {
      throw KnownErrors.anonymousAuthenticationNotAllowed();
    }

    const entry = await deps.projects.get(projectId);
    if (!entry) throw KnownErrors.currentProjectNotFound(projectId);
    // A project owner's dashboard token stands in for every key of the project, whatever the
    // access type (Stack checks it before, and instead of, the keys).
    if (adminAccessToken) {
      await checkAdminAccessToken(deps.ctx.store, deps.tokens, projectId, adminAccessToken);
    } else {
      const check = () =>
        checkKey(
          type,
          projectId,
          entry.keyHashes,
          { publishableKey, secretKey, adminKey },
          entry.project.config.require_publishable_client_key,
        );
      // Publishable keys ship inside web apps, so a wrong one is no guess at a secret.
      if (type === "client") check();
      else await deps.limits.projectKey(c, check);
    }

    // Every project has exactly Stack's default branch; branches are not a feature of this server.
    const branchId = stackHeader(c, "branch-id");
    if (branchId !== undefined && branchId !== "main") throw KnownErrors.branchDoesNotExist(branchId);

    const user = claims ? await deps.users.get(projectId, claims.sub) : null;
    const reason = user && !user.isAnonymous ? restrictedReasonOf(user) : null;
    if (reason) {
      const allowsRestricted =
        stackHeader(c, "allow-restricted-user") === "true" || stackHeader(c, "allow-anonymous-user") === "true";
      if (!allowsRestricted) throw restrictedUserNotAllowed(reason);
    }
    if (!allowed.includes(type)) throw KnownErrors.insufficientAccessType(type, [...allowed]);
    c.set("auth", { type, project: entry.project, user, claims });
    await next();
  };
}

function checkKey(
  type: AccessType,
  projectId: string,
  keyHashes: Record<KeyKind, string[]>,
  keys: { publishableKey?: string; secretKey?: string; adminKey?: string },
  requirePublishableKey: boolean,
): void {
  if (type === "client") {
    if (!keys.publishableKey) {
      if (requirePublishableKey) throw KnownErrors.publishableClientKeyRequired(projectId);
      return;
    }
    if (!keyMatches(keys.publishableKey, keyHashes.publishable_client)) {
      throw KnownErrors.invalidPublishableClientKey(projectId);
    }
  } else if (type === "server") {
    if (!keys.secretKey) throw KnownErrors.serverAuthenticationRequired();
    if (!keyMatches(keys.secretKey, keyHashes.secret_server)) throw KnownErrors.invalidSecretServerKey(projectId);
  } else {
    if (!keys.adminKey) throw KnownErrors.adminAuthenticationRequired();
    if (!keyMatches(keys.adminKey, keyHashes.super_secret_admin))
      throw KnownErrors.invalidSuperSecretAdminKey(projectId);
  }
}

/** The signed-in user, or CANNOT_GET_OWN_USER_WITHOUT_USER (what Stack answers for `me` without one). */
export function requireUser(c: Context<AuthEnv>) {
  const { user, claims } = c.get("auth");
  if (!user || !claims) throw KnownErrors.cannotGetOwnUserWithoutUser();
  return { user, claims };
}
