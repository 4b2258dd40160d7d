// `npm start`: build the web app if no build is present, bundle the server if its sources changed
// since the last bundle, then run the server in this process (so SIGTERM/SIGINT reach the server's
// own graceful shutdown). package.json starts it as `node --max-semi-space-size=4 scripts/start.mjs`:
// V8's young generation at most 2 × 4 MiB instead of 2 × 16, which took about 15 MiB off the idle
// server (a V8 heap size is fixed when the process starts; v8.setFlagsFromString here would be too
// late). Measured in docs/benchmarks.md ("Restart through npm start").
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { ensureServerBuild } from "./server-build.mjs";

const root = new URL("..", import.meta.url);
// package.json's engines, "^20.19.0 || >=22.12.0", checked by hand: nothing may be needed before it.
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (!((major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22)) {
  console.error(`App Console needs Node.js 20.19+ or 22.12+; this is ${process.version}.`);
  process.exit(1);
}
if (!existsSync(new URL("dist/index.html", root))) {
  console.log("No web build found in dist/; building it once (npm run build)...");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(await ensureServerBuild()).href);
