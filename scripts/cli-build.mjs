// The command line (`app-console`) as one self-contained file: every dependency (commander, zod,
// dotenv, the Stack SDK) bundled in, so it runs with Node alone from any folder, copied anywhere
// (docs/cli.md). Written to build/cli/app-console.mjs (not committed); `bin` in package.json points there.
import { chmodSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const CLI_BUILD_FILE = join(ROOT, "build", "cli", "app-console.mjs");
const ENTRY = join(ROOT, "server", "cli", "console-cli.ts");

/** Builds the command line into `outfile` (default build/cli/app-console.mjs), executable; answers its path. */
export async function buildCli(outfile = CLI_BUILD_FILE) {
  const target = resolve(outfile);
  mkdirSync(dirname(target), { recursive: true });
  const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const { build } = await import("esbuild");
  // Written beside and renamed into place, so a run meanwhile never reads half a file.
  const partial = `${target}.${process.pid}.tmp`;
  await build({
    entryPoints: [ENTRY],
    outfile: partial,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    minify: true,
    define: { APP_CONSOLE_VERSION: JSON.stringify(version) },
    // Bundled CommonJS packages require Node's own modules.
    banner: {
      js: '#!/usr/bin/env node\nimport { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    legalComments: "none",
    logLevel: "warning",
  });
  chmodSync(partial, 0o755);
  renameSync(partial, target);
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  console.log(relative(process.cwd(), await buildCli(out)));
}
