// A page of tests/bench (grid-page, chart-page) built with Vite into a temporary folder and
// served on a local port, for the Chromium benchmarks.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { linguiMacros } from "../../scripts/vite-lingui-macros.ts";

const repo = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..");

export async function buildBenchPage(root: string, name: string): Promise<string> {
  const outDir = join(tmpdir(), `${name}-${process.pid}`);
  await build({
    configFile: false,
    logLevel: "warn",
    root,
    plugins: [react(), linguiMacros(), lingui(), tailwindcss()],
    resolve: {
      alias: { "@contract": join(repo, "server", "contract"), "@": join(repo, "src") },
    },
    build: { outDir, emptyOutDir: true, target: "es2022" },
  });
  return outDir;
}

export function serve(dir: string) {
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
  const server = createServer(async (request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    try {
      const file = path === "/" ? "index.html" : path.replace(/^\/+/, "");
      const body = await readFile(join(dir, file));
      response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() }),
    ),
  );
}
