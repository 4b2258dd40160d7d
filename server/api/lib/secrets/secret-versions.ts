import { and, desc, eq, inArray, lte, max, sql } from "drizzle-orm";
import type { SecretVersion, SecretVersionVia } from "../../../contract/secret-versions.ts";
import { appEnvironmentsTable, appSecretsTable, appSecretVersionsTable } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/store.ts";
import type { Actor } from "../history/app-history.ts";
import { type Sealer, secretAad } from "./app-secrets.ts";
import { queueSecretsChanged } from "./app-webhooks.ts";
import { environmentNotFound } from "./environments.ts";

const v = appSecretVersionsTable;

/** One change of a key: its new value, or null to delete it. */
export interface SecretChange {
  key: string;
  value: string | null;
}

/**
 * Locks the environment row for this transaction: every write to an environment's secrets takes
 * it first, so version numbers are handed out one writer at a time and a rollback sees one state.
 */
export async function lockEnvironment(tx: Db, environmentId: string, slug: string): Promise<void> {
  const [row] = await tx
    .select({ id: appEnvironmentsTable.id })
    .from(appEnvironmentsTable)
    .where(eq(appEnvironmentsTable.id, environmentId))
    .for("update");
  if (!row) throw environmentNotFound(slug);
}

/** Rows per multi-row statement: well below PostgreSQL's 65,535 parameters. */
const CHUNK = 500;
const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Writes each change as its key's next version (after lockEnvironment, in the caller's
 * transaction): the history row and the current value carry the same ciphertext, sealed for that
 * version; a deletion is a version without a value. Queues the app's change webhooks in the same
 * transaction (keys and versions, never a value). Answers the new version of each key.
 */
export async function writeSecrets(
  tx: Db,
  seal: Sealer,
  target: { appId: string; environmentId: string; actor: Actor; via: SecretVersionVia },
  changes: SecretChange[],
): Promise<Map<string, number>> {
  if (changes.length === 0) return new Map();
  const { appId, environmentId } = target;
  const keys = changes.map((c) => c.key);
  const latest = new Map<string, number>();
  for (const part of chunks(keys)) {
    const rows = await tx
      .select({ key: v.key, version: max(v.version) })
      .from(v)
      .where(and(eq(v.environmentId, environmentId), inArray(v.key, part)))
      .groupBy(v.key);
    for (const row of rows) latest.set(row.key, row.version ?? 0);
  }
  const at = new Date();
  const written = changes.map((c) => {
    const version = (latest.get(c.key) ?? 0) + 1;
    const ciphertext = c.value === null ? null : seal(c.value, secretAad(environmentId, c.key, version));
    return { key: c.key, version, ciphertext };
  });
  for (const part of chunks(written)) {
    await tx.insert(v).values(
      part.map((w) => ({
        appId,
        environmentId,
        key: w.key,
        version: w.version,
        ciphertext: w.ciphertext,
        via: target.via,
        actorKind: target.actor.kind,
        actorId: target.actor.id,
        actorLabel: target.actor.label,
        createdAt: at,
      })),
    );
  }
  const kept = written.filter((w): w is typeof w & { ciphertext: string } => w.ciphertext !== null);
  for (const part of chunks(kept)) {
    await tx
      .insert(appSecretsTable)
      .values(part.map((w) => ({ appId, environmentId, key: w.key, ciphertext: w.ciphertext, version: w.version })))
      .onConflictDoUpdate({
        target: [appSecretsTable.environmentId, appSecretsTable.key],
        set: {
          ciphertext: sql`excluded.ciphertext`,
          version: sql`excluded.version`,
          updatedAt: at,
        },
      });
  }
  const dropped = written.filter((w) => w.ciphertext === null).map((w) => w.key);
  for (const part of chunks(dropped)) {
    await tx
      .delete(appSecretsTable)
      .where(and(eq(appSecretsTable.environmentId, environmentId), inArray(appSecretsTable.key, part)));
  }
  await queueSecretsChanged(
    tx,
    { appId, environmentId, via: target.via },
    written.map((w) => ({ key: w.key, version: w.version, deleted: w.ciphertext === null })),
  );
  return new Map(written.map((w) => [w.key, w.version]));
}

export interface Retention {
  keepDays: number;
  keepCount: number;
}

export const retentionCutoff = (retention: Retention, now = Date.now()) =>
  new Date(now - retention.keepDays * 86_400_000);

/**
 * Drops an environment's versions that are older than the retention's days AND not among the last
 * `keepCount` of their key. The version in effect at the cutoff stays too, so the state at any time
 * since the cutoff can be rebuilt exactly (what a rollback needs); the current version always stays.
 */
export async function pruneVersions(tx: Db, environmentId: string, retention: Retention): Promise<void> {
  const cutoff = retentionCutoff(retention).toISOString();
  await tx.execute(sql`
    DELETE FROM ${v} AS old USING (
      SELECT "key", "version",
             row_number() OVER (PARTITION BY "key" ORDER BY "version" DESC) AS rank,
             max("version") FILTER (WHERE "created_at" < ${cutoff}::timestamptz) OVER (PARTITION BY "key") AS in_effect
        FROM ${v}
       WHERE "environment_id" = ${environmentId}
         -- Only keys with a version past the cutoff: usually none, found through the (environment, created_at) index.
         AND "key" IN (SELECT "key" FROM ${v} WHERE "environment_id" = ${environmentId} AND "created_at" < ${cutoff}::timestamptz)
    ) AS ranked
    WHERE old."environment_id" = ${environmentId}
      AND old."key" = ranked."key" AND old."version" = ranked."version"
      AND ranked.rank > ${retention.keepCount}
      AND old."created_at" < ${cutoff}::timestamptz
      AND old."version" < ranked.in_effect`);
}

export type VersionRow = typeof appSecretVersionsTable.$inferSelect;

/** A key's kept versions in an environment, newest first. */
export async function versionsOf(db: Db, environmentId: string, key: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(v)
    .where(and(eq(v.environmentId, environmentId), eq(v.key, key)))
    .orderBy(desc(v.version));
}

export function toSecretVersion(row: VersionRow, current: number | null): SecretVersion {
  return {
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    via: row.via,
    actor: { kind: row.actorKind, id: row.actorId, label: row.actorLabel },
    deleted: row.ciphertext === null,
    current: row.version === current,
  };
}

/** The last version of every key of the environment made at or before `at` (deletions included). */
export async function stateAt(db: Db, environmentId: string, at: Date): Promise<VersionRow[]> {
  return db
    .selectDistinctOn([v.key])
    .from(v)
    .where(and(eq(v.environmentId, environmentId), lte(v.createdAt, at)))
    .orderBy(v.key, desc(v.version));
}
