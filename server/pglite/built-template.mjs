// PGlite clusters as build output, shared by `npm run build` (scripts/pglite-template.mjs) and the
// server (template.ts, db/store.ts): initdb and the control store's migrations cost seconds of
// WASM, which a first start on an empty data folder would otherwise pay before /healthz. Plain
// JavaScript, so the build script needs no TypeScript loader.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * What every template cluster runs after initdb. initdb's template0 is the pristine source for
 * `CREATE DATABASE … TEMPLATE template0`; a PGlite cluster serves its one database ("postgres")
 * and nothing connects to another, so template0 was only a third of the files (some 300) that
 * every new database copies. template1 stays, and CREATE DATABASE works as before.
 */
export const SLIM_CLUSTER_SQL = ["ALTER DATABASE template0 IS_TEMPLATE false", "DROP DATABASE template0"];

/** Part of the build folder's name: a change to how the clusters are made builds them again. */
const RECIPE = "slim";

/** `<PGlite version>-<recipe>`: which clusters a template folder holds, for names of folders that keep them. */
export function templateKey(appRoot) {
  const require = createRequire(join(appRoot, "package.json"));
  // The package's main file is dist/index.cjs; its package.json is not exported, so found from there.
  const pkg = dirname(dirname(require.resolve("@electric-sql/pglite")));
  const { version } = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  return `${version}-${RECIPE}`;
}

/** build/pglite-template/<template key>: the clusters made by the installed PGlite. */
function versionDir(appRoot) {
  return join(appRoot, "build", "pglite-template", templateKey(appRoot));
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
    const cluster = await PGlite.create(partial);
    for (const statement of SLIM_CLUSTER_SQL) await cluster.exec(statement);
    await cluster.close();
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
  // Stores for earlier migrations, and clusters of another PGlite version or recipe, are of no further use.
  for (const name of readdirSync(dirname(store))) {
    if (name.startsWith("store-") && join(dirname(store), name) !== store) {
      rmSync(join(dirname(store), name), { recursive: true, force: true });
    }
  }
  const builds = dirname(versionDir(appRoot));
  for (const name of readdirSync(builds)) {
    if (join(builds, name) !== versionDir(appRoot)) rmSync(join(builds, name), { recursive: true, force: true });
  }
  return { empty, store };
}
