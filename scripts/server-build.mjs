// The server as one bundled ES module (esbuild), so `npm start` runs plain JavaScript instead of
// compiling TypeScript through tsx at every start: about a third of the start-up CPU and 100 MiB
// less memory (docs/benchmarks.md, issue 22). The bundle is named after a hash of its sources and
// rebuilt (in about a second) whenever they change, so it is never stale.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { asciiSource } from "./ascii-source.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const SERVER_BUILD_DIR = join(ROOT, "build", "server");
const ENTRY = join(ROOT, "server", "serve.ts");
const KEEP_BUILDS = 3;

/**
 * Left to Node at run time: native addons, optional native drivers, and packages that load files
 * of their own relative to themselves (PGlite's WASM and data, libpg-query's WASM, pino's workers).
 */
const EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite-socket",
  "@node-rs/*",
  // The theme source check (server/auth/mail/theme-source-check.ts) runs esbuild's native binary.
  "esbuild",
  "libpg-query",
  "pino",
  "pg-native",
  "bufferutil",
  "utf-8-validate",
];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mjs|js)$/.test(entry.name) && !entry.name.endsWith(".test.ts")) yield path;
  }
}

/** What the bundle is made of: the server's sources, the locked dependency versions and the scripts that build it. */
function sourceHash() {
  const hash = createHash("sha256");
  const files = [
    ...sourceFiles(join(ROOT, "server")),
    join(ROOT, "package-lock.json"),
    fileURLToPath(import.meta.url),
    fileURLToPath(new URL("./ascii-source.mjs", import.meta.url)),
  ];
  for (const file of files.sort()) {
    hash.update(relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The bundle of the current sources, built first if it does not exist yet; answers its path. */
export async function ensureServerBuild() {
  const file = join(SERVER_BUILD_DIR, `serve-${sourceHash()}.mjs`);
  if (existsSync(file)) return file;
  mkdirSync(SERVER_BUILD_DIR, { recursive: true });
  const { build } = await import("esbuild");
  // Written beside and renamed into place, so a server starting meanwhile never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  const { outputFiles } = await build({
    entryPoints: [ENTRY],
    outfile: partial,
    write: false,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: EXTERNAL,
    // Bundled CommonJS packages require Node's own modules.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    legalComments: "none",
    logLevel: "warning",
  });
  // One byte a character in the idle heap instead of two (scripts/ascii-source.mjs).
  writeFileSync(partial, asciiSource(outputFiles[0].text));
  renameSync(partial, file);
  prune(file);
  return file;
}

/** Older bundles beyond the last few go (a server still running one has it loaded already). */
function prune(current) {
  const builds = readdirSync(SERVER_BUILD_DIR)
    .filter((name) => /^serve-[0-9a-f]+\.mjs$/.test(name))
    .map((name) => join(SERVER_BUILD_DIR, name))
    .filter((path) => path !== current)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const path of builds.slice(KEEP_BUILDS - 1)) rmSync(path, { force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(relative(process.cwd(), await ensureServerBuild()));
}
