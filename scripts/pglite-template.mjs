// `npm run build` runs PGlite's initdb once per PGlite version, and the control store's migrations
// once per set of migrations, into build/pglite-template/: together some 5 s of CPU that a first
// start on an empty data folder used to pay before /healthz (docs/benchmarks.md, issue 22). The
// server copies its store and every managed database from these clusters
// (server/pglite/built-template.mjs) and makes them itself only when they are missing.
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildTemplates } from "../server/pglite/built-template.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const built = await buildTemplates(root, join(root, "server/db/migrations"));
for (const dir of Object.values(built)) console.log(relative(process.cwd(), dir));
