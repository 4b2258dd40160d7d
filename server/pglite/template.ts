import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import pg from "pg";
import { APP_ROOT } from "../lib/app-root.ts";
import { builtTemplateDir, SLIM_CLUSTER_SQL } from "./built-template.mjs";
import { copyCluster } from "./copy-cluster.ts";
import { PgliteHost } from "./host.ts";

const building = new Map<string, Promise<string>>();

/** Where the template cluster of a data folder lives. */
export const templateDir = (dataDir: string) => join(dataDir, "databases", ".template");
/** Copies of the template made ahead, each taken by a new cluster with a rename. */
export const sparesDir = (dataDir: string) => join(dataDir, "databases", ".spares");
/** Where a server before the pool kept its one spare. */
const legacySpareDir = (dataDir: string) => join(dataDir, "databases", ".spare");
/** A spare still being copied: never taken. */
const PARTIAL = ".tmp";

/**
 * initdb takes seconds of WASM, so it runs once: `npm run build` leaves a template cluster in
 * build/pglite-template/ (server/pglite/built-template.mjs). A data folder with a template of its
 * own keeps using that; without either, initdb runs here, once per data folder, into a template
 * that the control store and every managed database are copied from. It runs in a worker thread,
 * so initdb's own WASM memory is returned when the thread ends instead of staying in the server's heap.
 */
export function pgliteTemplate(dataDir: string): Promise<string> {
  let ready = building.get(dataDir);
  if (!ready) {
    ready = (async () => {
      const dir = templateDir(dataDir);
      if (existsSync(join(dir, "PG_VERSION"))) return dir;
      const built = builtTemplateDir(APP_ROOT);
      if (existsSync(join(built, "PG_VERSION"))) return built;
      // A folder of its own per process, renamed into place when complete: a crash half-way or a
      // second server starting on the same folder never leaves a partial template behind.
      const partial = `${dir}.${process.pid}.tmp`;
      rmSync(partial, { recursive: true, force: true });
      mkdirSync(join(dataDir, "databases"), { recursive: true });
      await initCluster(partial);
      rmSync(dir, { recursive: true, force: true });
      renameSync(partial, dir);
      return dir;
    })().catch((error: unknown) => {
      building.delete(dataDir);
      throw error;
    });
    building.set(dataDir, ready);
  }
  return ready;
}

/** initdb into `dir`, then the build's slimming statements, closed cleanly. */
async function initCluster(dir: string): Promise<void> {
  const host = new PgliteHost(dir);
  await host.start();
  try {
    const client = new pg.Client(host.connection);
    await client.connect();
    try {
      for (const statement of SLIM_CLUSTER_SQL) await client.query(statement);
    } finally {
      await client.end();
    }
  } finally {
    await host.close();
  }
}

/** Copies the template without blocking the event loop (creating its files is most of a new database's cost). */
async function copyTemplate(dataDir: string, target: string): Promise<void> {
  await copyCluster(await pgliteTemplate(dataDir), target);
}

/**
 * Moves a ready spare to `target` (which must not exist yet); false when there is none. A rename:
 * project initialisation does not wait for a copy.
 */
export function takeSpare(dataDir: string, target: string): boolean {
  for (const name of readySpares(dataDir)) {
    try {
      renameSync(join(sparesDir(dataDir), name), target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return false;
}

/** The spares that are complete (anything else in the folder is never taken). */
export function readySpares(dataDir: string): string[] {
  const dir = sparesDir(dataDir);
  try {
    return readdirSync(dir).filter((name) => !name.endsWith(PARTIAL) && existsSync(join(dir, name, "PG_VERSION")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** A new PGlite cluster at `target` (which must not exist yet): a spare when one is ready, else a copy of the template. */
export async function newCluster(dataDir: string, target: string): Promise<void> {
  if (takeSpare(dataDir, target)) return;
  // Copied beside and renamed into place: a copy cut short (a full disk) leaves no cluster that
  // PGlite could not start.
  const partial = `${target}.${process.pid}${PARTIAL}`;
  // A new data folder's first database may come before any spare made its `databases/` folder.
  mkdirSync(dirname(target), { recursive: true });
  try {
    await copyTemplate(dataDir, partial);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Copies one more spare. Copied under a partial name and renamed when complete, so a half-made
 * spare is never taken.
 */
export async function addSpare(dataDir: string): Promise<void> {
  const dir = sparesDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const name = randomUUID();
  const partial = join(dir, `${name}${PARTIAL}`);
  try {
    await copyTemplate(dataDir, partial);
    renameSync(partial, join(dir, name));
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Before the pool is filled: removes copies a stopped server left half-made (spares, and a
 * database's own copy cut short by a crash; never this process's own copies under way), and brings
 * a spare from before the pool (databases/.spare) into it.
 */
export function tidySpares(dataDir: string): void {
  const databases = join(dataDir, "databases");
  if (!existsSync(databases)) return;
  const dir = sparesDir(dataDir);
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (name.endsWith(PARTIAL)) rmSync(join(dir, name), { recursive: true, force: true });
  }
  const ours = `.${process.pid}${PARTIAL}`;
  for (const name of readdirSync(databases)) {
    if (name.endsWith(PARTIAL) && !name.endsWith(ours)) rmSync(join(databases, name), { recursive: true, force: true });
  }
  if (existsSync(join(legacySpareDir(dataDir), "PG_VERSION"))) {
    mkdirSync(dir, { recursive: true });
    renameSync(legacySpareDir(dataDir), join(dir, randomUUID()));
  }
}

/** True when `dir` holds no cluster yet (missing or empty), so one may be created there. */
export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}
