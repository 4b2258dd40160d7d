import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { OutputChunk } from "rolldown";
import type { Plugin } from "vite";

/** The first-paint JavaScript budget per route, gzip (issue 5). */
export const INITIAL_JS_BUDGET_BYTES = 170 * 1024;

interface RouteEntry {
  /** What the report calls it. */
  name: string;
  /** Route files whose split components render on that URL, root first. */
  routeFiles: string[];
}

const ROUTES: RouteEntry[] = [
  { name: "/login", routeFiles: ["src/routes/login.tsx"] },
  { name: "/ (signed in)", routeFiles: ["src/routes/_app.tsx", "src/routes/_app/index.tsx"] },
];

/** Modules that load lazily after the first paint; reported apart so the budget stays honest. */
const AFTER_PAINT = [{ name: "Stack SDK (after first paint)", moduleFile: "src/lib/session/stack-client.ts" }];

/**
 * Reports, at every build, the gzip size of the JavaScript each route needs for its first
 * paint: the entry chunk, the chunks it imports statically, the English catalog it awaits
 * before rendering, and the route's split components with their static imports. The build
 * fails when a route exceeds the budget. Writes dist/bundle-report.json.
 */
export function bundleReport(): Plugin {
  let outDir = "dist";
  return {
    name: "bundle-report",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
      const gzipOf = new Map(chunks.map((c) => [c.fileName, gzipSync(c.code, { level: 9 }).length]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (roots: OutputChunk[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (chunk: OutputChunk | undefined) => {
          if (!chunk || seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const file of chunk.imports) visit(byFile.get(file));
        };
        for (const root of roots) visit(root);
        return seen;
      };
      const containing = (file: string) => chunks.filter((c) => c.moduleIds.some((id) => id.includes(file)));
      const entry = chunks.filter((c) => c.isEntry && c.name === "index");
      const catalog = containing("locales/en/messages.po");
      const sum = (files: Set<string>) => [...files].reduce((total, f) => total + (gzipOf.get(f) ?? 0), 0);

      const rows = ROUTES.map((route) => {
        const routeChunks = route.routeFiles.flatMap((f) =>
          chunks.filter(
            (c) => c.facadeModuleId?.includes(f) || c.moduleIds.some((id) => id.includes(`${f}?tsr-split`)),
          ),
        );
        const files = closure([...entry, ...catalog, ...routeChunks]);
        return { route: route.name, gzipBytes: sum(files), chunks: [...files].sort() };
      });
      const later = AFTER_PAINT.map((item) => {
        const files = closure(containing(item.moduleFile));
        for (const initial of closure([...entry, ...catalog])) files.delete(initial);
        return { name: item.name, gzipBytes: sum(files) };
      });

      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      const lines = [
        "initial JavaScript per route (gzip -9):",
        ...rows.map(
          (r) => `  ${r.route.padEnd(28)} ${kb(r.gzipBytes).padStart(10)}  (budget ${kb(INITIAL_JS_BUDGET_BYTES)})`,
        ),
        ...later.map((l) => `  ${l.name.padEnd(28)} ${kb(l.gzipBytes).padStart(10)}`),
      ];
      console.log(lines.join("\n"));
      writeFileSync(
        join(outDir, "bundle-report.json"),
        `${JSON.stringify({ routes: rows, afterPaint: later }, null, 2)}\n`,
      );
      const over = rows.filter((r) => r.gzipBytes > INITIAL_JS_BUDGET_BYTES);
      if (over.length) {
        this.error(`initial JavaScript over budget: ${over.map((r) => `${r.route} ${kb(r.gzipBytes)}`).join(", ")}`);
      }
    },
  };
}
