// PGlite clusters as build output, shared by `npm run build` (scripts/pglite-template.mjs) and the
// server (template.ts, db/store.ts): initdb and the control store's migrations cost seconds of
// WASM, which a first start on an empty data folder would otherwise pay before /healthz. Plain
// JavaScript, so the build script needs no TypeScript loader.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** build/pglite-template/<PGlite version>: the clusters made by the installed PGlite. */
function versionDir(appRoot) {
  const require = createRequire(join(appRoot, "package.json"));
  // The package's main file is dist/index.cjs; its package.json is not exported, so found from there.
  const pkg = dirname(dirname(require.resolve("@electric-sql/pglite")));
  const { version } = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  return join(appRoot, "build", "pglite-template", version);
}

/** The migrations a cluster was brought to: a hash of the journal and the SQL the migrator runs. */
function migrationsKey(migrationsDir) {
  const hash = createHash("sha256");
  const files = [
    "meta/_journal.json",
    ...readdirSync(migrationsDir)
      .filter((name) => name.endsWith(".sql"))
      .sort(),
  ];
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(join(migrationsDir, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Where `npm run build` leaves the empty cluster (initdb) for the installed PGlite version. */
export function builtTemplateDir(appRoot) {
  return join(versionDir(appRoot), "empty");
}

/** Where `npm run build` leaves a control store with today's migrations applied. */
export function builtStoreDir(appRoot, migrationsDir) {
  return join(versionDir(appRoot), `store-${migrationsKey(migrationsDir)}`);
}

/** Makes `dir` with `make(partial)` unless it holds a cluster; built beside and renamed into place. */
async function once(dir, make) {
  if (existsSync(join(dir, "PG_VERSION"))) return dir;
  mkdirSync(dirname(dir), { recursive: true });
  const partial = `${dir}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  await make(partial);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return dir;
}

/** Builds both clusters unless they exist; answers their paths. Closed cleanly: no WAL recovery later. */
export async function buildTemplates(appRoot, migrationsDir) {
  const { PGlite } = await import("@electric-sql/pglite");
  const empty = await once(builtTemplateDir(appRoot), async (partial) => {
    await (await PGlite.create(partial)).close();
  });
  const store = await once(builtStoreDir(appRoot, migrationsDir), async (partial) => {
    cpSync(empty, partial, { recursive: true });
    const [{ drizzle }, { migrate }] = await Promise.all([
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    const client = await PGlite.create(partial);
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
    await client.close();
  });
  // Stores for earlier migrations are of no further use.
  for (const name of readdirSync(dirname(store))) {
    if (name.startsWith("store-") && join(dirname(store), name) !== store) {
      rmSync(join(dirname(store), name), { recursive: true, force: true });
    }
  }
  return { empty, store };
}
