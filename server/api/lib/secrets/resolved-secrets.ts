import type { Secret } from "../../../contract/secrets.ts";
import { SECRET_VALUE_MAX_BYTES } from "../../../contract/secrets.ts";
import { HttpError } from "../../../lib/errors.ts";
import {
  type LoadScope,
  type ReferenceScope,
  resolveSecretReferences,
  SecretReferenceError,
} from "../../../lib/secret-reference-resolver.ts";
import { ownerOf } from "../access/owner.ts";
import { type AppRow, appAccessFor } from "../access/resource-access.ts";
import type { ApiDeps } from "../api-deps.ts";
import { apiError } from "../core/api-error.ts";
import { type Actor, recordAudit } from "../history/app-history.ts";
import { readSecrets, secretsChanged } from "./app-secrets.ts";
import { type EnvironmentRow, environmentsOf } from "./environments.ts";

/**
 * Who reads secrets for use. A user follows references into whatever they could read themselves: any
 * environment of an app where they hold developer or more (the role that sees values). A service
 * token reads one environment of one app, and so follows references within that environment only.
 */
export type SecretsReader = { kind: "user"; actor: Actor } | { kind: "token" };

/** Another app's environment a user's read followed a reference into, recorded once the read succeeds. */
interface Followed {
  app: AppRow;
  environment: string;
}

/** The stable API error for a reference that cannot be resolved; the message names the key read. */
function referenceApiError(error: SecretReferenceError): HttpError {
  const { key, reference, cycle } = error;
  switch (error.code) {
    case "SECRET_REFERENCE_CYCLE":
      return apiError(error.code, error.message, { key, cycle: cycle ?? [] });
    case "SECRET_REFERENCE_TOO_LARGE":
      return apiError(error.code, error.message, { key, maxBytes: SECRET_VALUE_MAX_BYTES });
    default:
      return apiError(error.code, error.message, { key, reference: reference ?? "" });
  }
}

/** One app's environment values, for the resolver: "missing" when the app has no such environment. */
async function environmentValues(deps: ApiDeps, appId: string, slug: string) {
  const env = (await environmentsOf(deps.store.db, appId)).find((e) => e.slug === slug);
  if (!env) return "missing" as const;
  const secrets = await readSecrets(deps, appId, env.id);
  return { values: new Map(secrets.map((s) => [s.key, s.decryptedValue])) };
}

function loaderFor(deps: ApiDeps, reader: SecretsReader, appId: string, followed: Followed[]): LoadScope {
  return async (scope: ReferenceScope) => {
    // The resolver knows the environment being read; anything else is beyond a token's reach.
    if (reader.kind === "token") return "forbidden";
    if (scope.app === appId) return environmentValues(deps, scope.app, scope.environment);
    let app: AppRow;
    try {
      app = (await appAccessFor(deps, reader.actor.id, scope.app)("developer")).row;
    } catch (error) {
      // Not found, not theirs, or only viewer there: the same answer, so no app's existence leaks.
      if (error instanceof HttpError) return "forbidden";
      throw error;
    }
    const answer = await environmentValues(deps, scope.app, scope.environment);
    if (answer !== "missing") followed.push({ app, environment: scope.environment });
    return answer;
  };
}

/**
 * Another app's values left it through this read: its history says so, as for a reveal (and so
 * does the instance audit log), and its open pages refetch the history.
 */
async function recordFollowed(deps: ApiDeps, actor: Actor, fromApp: string, followed: Followed[]): Promise<void> {
  for (const { app, environment } of followed) {
    await recordAudit(deps.store.db, app.id, actor, [
      { action: "secrets.referenced", detail: { environment, fromApp } },
    ]);
    await secretsChanged(deps, ownerOf(app), app.id);
  }
}

/**
 * `secrets` (one environment's values as stored) with their references resolved, for a read for
 * use: a pull, a `run`, a service token's read, the web page's resolved reveal. All or nothing: a
 * reference that is missing, goes round in a circle or leads where the reader may not read throws
 * the API error for it (SECRET_REFERENCE_*), never a partial environment. Values without a
 * reference come back as they are. Each other app whose values a user's read took is told in its
 * history (`secrets.referenced`).
 */
export async function resolveForUse(
  deps: ApiDeps,
  reader: SecretsReader,
  appId: string,
  env: Pick<EnvironmentRow, "slug">,
  secrets: Secret[],
): Promise<Secret[]> {
  if (!secrets.some((s) => s.decryptedValue.includes("${"))) return secrets;
  const followed: Followed[] = [];
  let resolved: Map<string, string>;
  try {
    resolved = await resolveSecretReferences(
      { app: appId, environment: env.slug },
      new Map(secrets.map((s) => [s.key, s.decryptedValue])),
      loaderFor(deps, reader, appId, followed),
      SECRET_VALUE_MAX_BYTES,
    );
  } catch (error) {
    if (error instanceof SecretReferenceError) throw referenceApiError(error);
    throw error;
  }
  if (reader.kind === "user") await recordFollowed(deps, reader.actor, appId, followed);
  return secrets.map((s) => ({ key: s.key, decryptedValue: resolved.get(s.key) ?? s.decryptedValue }));
}
