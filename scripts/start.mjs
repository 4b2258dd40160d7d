// `npm start`: build the web app if no build is present, then run the server in this process
// (so SIGTERM/SIGINT reach the server's own graceful shutdown).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { register } from "tsx/esm/api";

const root = new URL("..", import.meta.url);
if (!existsSync(new URL("dist/index.html", root))) {
  console.log("No web build found in dist/; building it once (npm run build)...");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
register();
await import("../server/serve.ts");
