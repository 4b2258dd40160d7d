import type { CopyEnvironmentRequest, CopyEnvironmentResult } from "../../../contract/environment-copy.ts";
import type { ApiDeps } from "../api-deps.ts";
import { apiError } from "../core/api-error.ts";
import { type Actor, recordAudit } from "../history/app-history.ts";
import { type SecretRow, secretAad, secretRows, secretScope } from "./app-secrets.ts";
import type { EnvironmentRow } from "./environments.ts";
import { lockEnvironment, pruneVersions, type SecretChange, writeSecrets } from "./secret-versions.ts";

type CopyInput = Required<Pick<CopyEnvironmentRequest, "keys" | "replace">>;

/**
 * Copies values from one environment of an app into another, in one transaction: each written key
 * is a new version of the target made "via copy", the history names the keys (never a value). Values
 * are opened and sealed again under the target's binding here and leave with nothing.
 */
export async function copyBetweenEnvironments(
  deps: Pick<ApiDeps, "store" | "vault" | "secretVersions">,
  appId: string,
  source: EnvironmentRow,
  target: EnvironmentRow,
  input: CopyInput,
  actor: Actor,
): Promise<CopyEnvironmentResult> {
  if (source.id === target.id) {
    throw apiError("COPY_SAME_ENVIRONMENT", "Values are copied from one environment into another.");
  }
  const scope = secretScope(appId);
  // Both looked up before the transaction, through the pool (PGlite's transaction holds the one connection).
  const seal = await deps.vault.sealer(scope);
  const open = await deps.vault.opener(scope);
  return deps.store.db.transaction(async (tx) => {
    // Both locked, in one order whatever the direction, so two opposite copies cannot deadlock; the
    // source's lock keeps its values as read until the copy is stored.
    for (const env of [source, target].sort((a, b) => a.id.localeCompare(b.id))) {
      await lockEnvironment(tx, env.id, env.slug);
    }
    const [from, to] = await Promise.all([secretRows(tx, source.id), secretRows(tx, target.id)]);
    const fromByKey = new Map(from.map((row) => [row.key, row]));
    const toByKey = new Map(to.map((row) => [row.key, row]));
    const opened = (row: SecretRow) => {
      if (!open) throw new Error("a stored value without the app's data key");
      return open(row.ciphertext, secretAad(row.environmentId, row.key, row.version));
    };

    // In code-unit order either way, so the answer's lists do not depend on the database's collation.
    const named = [...new Set(input.keys === "missing" ? from.map((row) => row.key) : input.keys)].sort();
    const absent = named.filter((key) => !fromByKey.has(key));
    if (absent.length > 0) {
      throw apiError("COPY_KEYS_NOT_IN_SOURCE", `${source.slug} has no value for ${absent.join(", ")}.`, {
        keys: absent,
      });
    }
    const result: CopyEnvironmentResult = {
      from: source.slug,
      to: target.slug,
      created: [],
      replaced: [],
      unchanged: [],
      kept: [],
    };
    const changes: SecretChange[] = [];
    for (const key of named) {
      const value = opened(fromByKey.get(key) as SecretRow);
      const present = toByKey.get(key);
      if (present === undefined) {
        changes.push({ key, value });
        result.created.push(key);
      } else if (opened(present) === value) {
        result.unchanged.push(key);
      } else if (input.keys === "missing") {
        result.kept.push(key);
      } else {
        changes.push({ key, value });
        result.replaced.push(key);
      }
    }
    if (result.replaced.length > 0 && !input.replace) {
      throw apiError(
        "COPY_WOULD_REPLACE",
        `${target.slug} has other values for ${result.replaced.join(", ")}; send replace: true to replace them.`,
        { keys: result.replaced },
      );
    }
    await writeSecrets(tx, seal, { appId, environmentId: target.id, actor, via: "copy" }, changes);
    await pruneVersions(tx, target.id, deps.secretVersions);
    if (changes.length > 0) {
      await recordAudit(tx, appId, actor, [
        {
          action: "environment.copied",
          subject: target.slug,
          detail: { from: source.slug, created: result.created, replaced: result.replaced },
        },
      ]);
    }
    return result;
  });
}
