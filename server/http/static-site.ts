import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppEnv } from "./env.ts";

/** Paths that belong to an API: a miss there is a 404, never the SPA shell. */
const API_PREFIXES = ["/api/", "/auth/", "/config.json", "/healthz"];

/**
 * Serves the built PWA. Hashed files under /assets never change, so they are cached for a year;
 * everything else (index.html, the service worker, the manifest) is revalidated on every load so a
 * new deploy is picked up. Unknown non-API paths fall back to index.html for client routing.
 */
export function staticSite(distDir: string): Hono<AppEnv> {
  const site = new Hono<AppEnv>();
  const indexPath = join(distDir, "index.html");
  site.use(
    "*",
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (path, c) => {
        const immutable = path.startsWith(join(distDir, "assets"));
        c.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    }),
  );
  site.get("*", (c) => {
    if (API_PREFIXES.some((p) => c.req.path.startsWith(p))) return c.notFound();
    if (!existsSync(indexPath)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does this for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(readFileSync(indexPath, "utf8"));
  });
  return site;
}
