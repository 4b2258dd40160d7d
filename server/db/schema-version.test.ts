import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hasPendingMigrations, migrationsPending } from "./schema-version.ts";

// Whether a start hands the store to Drizzle's migrator: it must when any migration of the journal
// is newer than the store's latest applied one (Drizzle's own rule), and need not otherwise.
const dirs: string[] = [];
function journal(whens: number[]): string {
  const dir = mkdtempSync(join(tmpdir(), "schema-version-"));
  dirs.push(dir);
  mkdirSync(join(dir, "meta"));
  const entries = whens.map((when, idx) => ({ idx, when, tag: `${String(idx).padStart(4, "0")}_m${idx}` }));
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify({ entries }));
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("migrationsPending", () => {
  it("is true for a store never migrated", () => {
    expect(migrationsPending(null, journal([100, 200]))).toBe(true);
  });

  it("is false for a store at the journal's last migration", () => {
    expect(migrationsPending(200, journal([100, 200]))).toBe(false);
  });

  it("is true for a store one migration behind", () => {
    expect(migrationsPending(100, journal([100, 200]))).toBe(true);
  });

  it("counts a migration newer than the store's even when the journal does not list it last", () => {
    // A migration landed after one generated later keeps its earlier position but a newer time.
    expect(migrationsPending(200, journal([100, 300, 200]))).toBe(true);
  });

  it("is false for a store newer than the journal (refused before, by assertStoreNotNewer)", () => {
    expect(migrationsPending(400, journal([100, 200]))).toBe(false);
  });
});

describe("hasPendingMigrations (a backup before migrating)", () => {
  it("is false for a new store, whose first migration needs no backup", () => {
    expect(hasPendingMigrations(null, journal([100, 200]))).toBe(false);
  });

  it("is true for a migrated store with a migration still to apply, false for an up-to-date one", () => {
    const dir = journal([100, 200]);
    expect(hasPendingMigrations(100, dir)).toBe(true);
    expect(hasPendingMigrations(200, dir)).toBe(false);
  });
});
