import { readFileSync } from "node:fs";
import { join } from "node:path";
import { APP_ROOT } from "../lib/app-root.ts";

/** Drizzle's migrations (store.ts re-exports it). */
export const MIGRATIONS_DIR = join(APP_ROOT, "server/db/migrations");

/** The store's schema as this version knows it: the last migration of Drizzle's journal. */
export interface SchemaVersion {
  /** The migration's file name without `.sql`, e.g. `0024_auth_signing_key_audiences`. */
  tag: string;
  /** Drizzle's `when` of that migration; the store records it in `drizzle.__drizzle_migrations.created_at`. */
  when: number;
  count: number;
}

interface Journal {
  entries: Array<{ idx: number; when: number; tag: string }>;
}

export function readJournal(migrationsDir = MIGRATIONS_DIR): Journal {
  return JSON.parse(readFileSync(join(migrationsDir, "meta/_journal.json"), "utf8")) as Journal;
}

export function currentSchemaVersion(migrationsDir = MIGRATIONS_DIR): SchemaVersion {
  const { entries } = readJournal(migrationsDir);
  const last = entries.at(-1);
  if (!last) throw new Error(`no migrations in ${migrationsDir}`);
  return { tag: last.tag, when: last.when, count: entries.length };
}

/** Whether this version knows the schema `version` (the same or an older one). */
export function knowsSchema(version: { tag: string; when: number }, migrationsDir = MIGRATIONS_DIR): boolean {
  return readJournal(migrationsDir).entries.some((entry) => entry.tag === version.tag && entry.when === version.when);
}

export class NewerStoreError extends Error {
  override name = "NewerStoreError";
}

/**
 * Refuses a store that a newer version of the console migrated: Drizzle would apply nothing and
 * this version would then run against tables it does not know. `latestApplied` is the highest
 * `created_at` of `drizzle.__drizzle_migrations`, or null for a store not migrated yet.
 */
export function assertStoreNotNewer(latestApplied: number | null, migrationsDir = MIGRATIONS_DIR): void {
  if (latestApplied === null) return;
  const current = currentSchemaVersion(migrationsDir);
  if (latestApplied > current.when) {
    throw new NewerStoreError(
      `The store was migrated by a newer version of the console (a migration of ${new Date(latestApplied).toISOString()}; ` +
        `this version knows up to ${current.tag}). Start the newer version, or restore a backup made by this one.`,
    );
  }
}

/** The highest migration a store has applied (Drizzle's `created_at`), or null before its first migration. */
export async function latestAppliedMigration(
  query: (text: string) => Promise<Array<Record<string, unknown>>>,
): Promise<number | null> {
  const [table] = await query("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present");
  if (!table?.present) return null;
  const [row] = await query("SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations");
  return row?.latest == null ? null : Number(row.latest);
}

/** Reads the highest migration a store has applied (null before its first migration) and refuses a newer one. */
export async function checkStoreNotNewer(
  query: (text: string) => Promise<Array<Record<string, unknown>>>,
  migrationsDir = MIGRATIONS_DIR,
): Promise<number | null> {
  const latest = await latestAppliedMigration(query);
  assertStoreNotNewer(latest, migrationsDir);
  return latest;
}

/**
 * Whether Drizzle's migrator would apply anything to a store whose latest applied migration is
 * `latestApplied`: it applies every migration of the journal newer than that one (all of them to a
 * store never migrated). A restart of an up-to-date store skips the migrator, which otherwise reads
 * and hashes every migration file and runs its own statements and a transaction at each start.
 */
export function migrationsPending(latestApplied: number | null, migrationsDir = MIGRATIONS_DIR): boolean {
  if (latestApplied === null) return true;
  return readJournal(migrationsDir).entries.some((entry) => entry.when > latestApplied);
}

/** Whether a store that has been migrated before has migrations of this version still to apply (false for a new store). */
export function hasPendingMigrations(latestApplied: number | null, migrationsDir = MIGRATIONS_DIR): boolean {
  return latestApplied !== null && migrationsPending(latestApplied, migrationsDir);
}
