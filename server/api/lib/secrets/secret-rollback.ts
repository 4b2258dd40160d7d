import type { RollbackResult } from "../../../contract/secret-versions.ts";
import type { ApiDeps } from "../api-deps.ts";
import { apiError } from "../core/api-error.ts";
import type { Actor } from "../history/app-history.ts";
import { recordAudit } from "../history/app-history.ts";
import { secretAad, secretRows, secretScope } from "./app-secrets.ts";
import type { EnvironmentRow } from "./environments.ts";
import {
  lockEnvironment,
  pruneVersions,
  retentionCutoff,
  type SecretChange,
  stateAt,
  writeSecrets,
} from "./secret-versions.ts";

/**
 * Puts an environment back as it was at `at`, in one transaction: each key whose current value
 * is not the one in effect then gets that value again as a new version (so the rollback itself can
 * be rolled back), keys made since are deleted, keys deleted since come back. Values are opened and
 * sealed again under their new version's binding; none leaves this function.
 */
export async function rollbackEnvironment(
  deps: Pick<ApiDeps, "store" | "vault" | "secretVersions">,
  appId: string,
  env: EnvironmentRow,
  at: Date,
  actor: Actor,
): Promise<RollbackResult> {
  if (at < retentionCutoff(deps.secretVersions)) {
    throw apiError(
      "SECRET_ROLLBACK_TOO_OLD",
      `Past values are kept for ${deps.secretVersions.keepDays} days; pick a later time.`,
      { keepDays: deps.secretVersions.keepDays },
    );
  }
  const scope = secretScope(appId);
  // Both looked up before the transaction, through the pool (PGlite's transaction holds the one connection).
  const seal = await deps.vault.sealer(scope);
  const open = await deps.vault.opener(scope);
  return deps.store.db.transaction(async (tx) => {
    await lockEnvironment(tx, env.id, env.slug);
    const then = await stateAt(tx, env.id, at);
    const now = await secretRows(tx, env.id);
    const current = new Map(now.map((row) => [row.key, row]));
    const opened = (row: { key: string; version: number; ciphertext: string }) => {
      if (!open) throw new Error("a stored value without the app's data key");
      return open(row.ciphertext, secretAad(env.id, row.key, row.version));
    };
    const changes: SecretChange[] = [];
    const restored: string[] = [];
    const deleted: string[] = [];
    let unchanged = 0;
    const seen = new Set<string>();
    for (const past of then) {
      seen.add(past.key);
      const present = current.get(past.key);
      if (past.ciphertext === null) {
        if (present === undefined) continue;
        changes.push({ key: past.key, value: null });
        deleted.push(past.key);
        continue;
      }
      // Unchanged when it is that very version, or another with the same value (an undone change).
      const value = present?.version === past.version ? null : opened({ ...past, ciphertext: past.ciphertext });
      if (value === null || (present !== undefined && opened(present) === value)) {
        unchanged++;
      } else {
        changes.push({ key: past.key, value });
        restored.push(past.key);
      }
    }
    // Keys that did not exist yet at `at`.
    for (const row of now) {
      if (seen.has(row.key)) continue;
      changes.push({ key: row.key, value: null });
      deleted.push(row.key);
    }
    await writeSecrets(tx, seal, { appId, environmentId: env.id, actor, via: "rollback" }, changes);
    await pruneVersions(tx, env.id, deps.secretVersions);
    await recordAudit(tx, appId, actor, [
      {
        action: "environment.rolled_back",
        subject: env.slug,
        detail: { at: at.toISOString(), restored: restored.length, deleted: deleted.length },
      },
    ]);
    return { at: at.toISOString(), restored, deleted, unchanged };
  });
}
