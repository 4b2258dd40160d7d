import { asc, count, eq } from "drizzle-orm";
import { DEFAULT_ENVIRONMENT_SLUG, DEFAULT_ENVIRONMENTS, type Environment } from "../../../contract/environments.ts";
import { appEnvironmentsTable, appSecretsTable, appsTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";
import { apiError } from "../core/api-error.ts";

export type EnvironmentRow = typeof appEnvironmentsTable.$inferSelect;

/** An app's environments in their order. */
export function environmentsOf(db: Db, appId: string): Promise<EnvironmentRow[]> {
  return db
    .select()
    .from(appEnvironmentsTable)
    .where(eq(appEnvironmentsTable.appId, appId))
    .orderBy(asc(appEnvironmentsTable.position), asc(appEnvironmentsTable.createdAt));
}

export const environmentNotFound = (slug: string) =>
  apiError("ENVIRONMENT_NOT_FOUND", `The app has no environment "${slug}".`, { environment: slug });

/**
 * The environment a request names by slug, or the default one when it names none: development while
 * it exists, else the first in order (so the seed's routes keep acting where the values moved to).
 */
export async function resolveEnvironment(db: Db, appId: string, slug: string | undefined): Promise<EnvironmentRow> {
  const list = await environmentsOf(db, appId);
  const found =
    slug === undefined
      ? (list.find((e) => e.slug === DEFAULT_ENVIRONMENT_SLUG) ?? list[0])
      : list.find((e) => e.slug === slug);
  if (!found) throw environmentNotFound(slug ?? DEFAULT_ENVIRONMENT_SLUG);
  return found;
}

/** A new app's development, staging and production, in the caller's transaction. */
export async function createDefaultEnvironments(tx: Db, appId: string): Promise<void> {
  await tx
    .insert(appEnvironmentsTable)
    .values(DEFAULT_ENVIRONMENTS.map((e, position) => ({ appId, slug: e.slug, name: e.name, position })));
}

/** Serializes changes to one app's list of environments (count, order) within a transaction. */
export async function lockApp(tx: Db, appId: string): Promise<void> {
  await tx.select({ id: appsTable.id }).from(appsTable).where(eq(appsTable.id, appId)).for("update");
}

/** Writes 0..n-1 as the positions of `ordered`, where they differ. */
export async function renumber(tx: Db, ordered: EnvironmentRow[]): Promise<void> {
  for (const [position, env] of ordered.entries()) {
    if (env.position === position) continue;
    await tx.update(appEnvironmentsTable).set({ position }).where(eq(appEnvironmentsTable.id, env.id));
  }
}

/** The API's view of an app's environments, with how many keys each holds. */
export async function listEnvironments(db: Db, appId: string): Promise<Environment[]> {
  const [list, counts] = await Promise.all([
    environmentsOf(db, appId),
    db
      .select({ environmentId: appSecretsTable.environmentId, n: count() })
      .from(appSecretsTable)
      .where(eq(appSecretsTable.appId, appId))
      .groupBy(appSecretsTable.environmentId),
  ]);
  const byId = new Map(counts.map((c) => [c.environmentId, c.n]));
  return list.map((e, position) => ({
    id: e.id,
    slug: e.slug,
    name: e.name,
    position,
    secretCount: byId.get(e.id) ?? 0,
  }));
}
