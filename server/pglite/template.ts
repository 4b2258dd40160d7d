import { constants, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { APP_ROOT } from "../lib/app-root.ts";
import { builtTemplateDir } from "./built-template.mjs";
import { PgliteHost } from "./host.ts";

const building = new Map<string, Promise<string>>();
const sparing = new Map<string, Promise<void>>();

/** Where the template cluster of a data folder lives. */
export const templateDir = (dataDir: string) => join(dataDir, "databases", ".template");
/** A copy of the template made ahead, which the next new cluster takes by renaming it. */
export const spareDir = (dataDir: string) => join(dataDir, "databases", ".spare");

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
      const host = new PgliteHost(partial);
      await host.start();
      await host.close();
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

/**
 * Copies the template without blocking the event loop (a cluster is some 1,000 files; creating
 * them is most of a new database's cost). Reflinked where the file system can.
 */
async function copyTemplate(dataDir: string, target: string): Promise<void> {
  const template = await pgliteTemplate(dataDir);
  await cp(template, target, { recursive: true, errorOnExist: true, force: false, mode: constants.COPYFILE_FICLONE });
}

/**
 * A new PGlite cluster at `target` (which must not exist yet): the data folder's spare copy when one
 * is ready (a rename, so project initialisation does not wait for the copy), else a copy of the template.
 */
export async function newCluster(dataDir: string, target: string): Promise<void> {
  try {
    renameSync(spareDir(dataDir), target);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await copyTemplate(dataDir, target);
}

/**
 * Makes the spare copy unless it exists or is being made; resolves when it is ready. Callers run it
 * in the background after a new cluster took the spare. Copied beside and renamed into place, so a
 * half-made spare is never taken.
 */
export function prepareSpare(dataDir: string): Promise<void> {
  let ready = sparing.get(dataDir);
  if (!ready) {
    ready = (async () => {
      const spare = spareDir(dataDir);
      if (existsSync(spare)) return;
      const partial = `${spare}.${process.pid}.tmp`;
      rmSync(partial, { recursive: true, force: true });
      try {
        await copyTemplate(dataDir, partial);
        renameSync(partial, spare);
      } catch (error) {
        rmSync(partial, { recursive: true, force: true });
        throw error;
      }
    })().finally(() => sparing.delete(dataDir));
    sparing.set(dataDir, ready);
  }
  return ready;
}

/** True when `dir` holds no cluster yet (missing or empty), so one may be created there. */
export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}
