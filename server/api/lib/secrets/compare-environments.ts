import { asc, eq } from "drizzle-orm";
import type { EnvironmentComparison } from "../../../contract/environments.ts";
import { appSecretsTable } from "../../../db/schema/index.ts";
import type { ApiDeps } from "../api-deps.ts";
import { openSecrets } from "./app-secrets.ts";
import { environmentsOf } from "./environments.ts";

/**
 * Which keys each environment of an app has and where their values agree. The values are opened
 * here only to be compared with each other and are dropped with this call: the answer numbers the
 * equal ones per key (1 for the first value met in environment order, 2 for the next different one,
 * and so on), which tells a reader no more than "equal" or "different".
 */
export async function compareEnvironments(
  deps: Pick<ApiDeps, "store" | "vault">,
  appId: string,
): Promise<EnvironmentComparison> {
  const { db } = deps.store;
  const [environments, rows] = await Promise.all([
    environmentsOf(db, appId),
    db.select().from(appSecretsTable).where(eq(appSecretsTable.appId, appId)).orderBy(asc(appSecretsTable.key)),
  ]);
  const opened = await openSecrets(deps.vault, appId, rows);
  // key → environment id → value, for this call only.
  const values = new Map<string, Map<string, string>>();
  rows.forEach((row, i) => {
    const byEnvironment = values.get(row.key) ?? new Map<string, string>();
    byEnvironment.set(row.environmentId, opened[i]?.decryptedValue ?? "");
    values.set(row.key, byEnvironment);
  });
  const keys = [...values.keys()].sort().map((key) => {
    const byEnvironment = values.get(key) ?? new Map<string, string>();
    const seen: string[] = [];
    const groups = environments.map((environment) => {
      const value = byEnvironment.get(environment.id);
      if (value === undefined) return null;
      let group = seen.indexOf(value);
      if (group === -1) group = seen.push(value) - 1;
      return group + 1;
    });
    return { key, groups };
  });
  return { environments: environments.map((e) => ({ slug: e.slug, name: e.name })), keys };
}
