import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The installation's root folder (the nearest one with a package.json): the same whether this
 * module runs from server/ through tsx or from the bundle in build/server/, so files that stay
 * outside the bundle (migrations, the web build, the PGlite worker) are found from either.
 */
export const APP_ROOT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
})();
