import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { RuntimeConfig } from "../contract/runtime-config.ts";
import type { Store } from "../db/store.ts";
import { HttpError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import type { AppEnv, ErrorFormat } from "./env.ts";
import { bodyTooLarge, createErrorHandler, renderError } from "./error-handler.ts";
import { inputHygiene } from "./input-hygiene.ts";
import { requestContext } from "./request-context.ts";
import { type SecurityHeadersOptions, securityHeaders } from "./security-headers.ts";
import { staticSite } from "./static-site.ts";
import { isStreamedUpload } from "./streamed-uploads.ts";

/** A part of the product mounted under a path prefix of the one server. */
export interface Mount {
  path: string;
  routes: Hono<AppEnv>;
  /** Error envelope for everything under `path`, set before any shared middleware can fail. */
  errorFormat?: ErrorFormat;
}

export interface HttpAppDeps {
  logger: Logger;
  store: Store;
  distDir: string;
  mounts: Mount[];
  runtimeConfig(origin: string): Promise<RuntimeConfig>;
  /** Largest request body accepted anywhere; routes may set lower limits. */
  maxBodyBytes?: number;
  /** Content-Security-Policy and the other security headers; on for every answer. */
  securityHeaders?: SecurityHeadersOptions;
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export function createHttpApp(deps: HttpAppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(deps.logger));
  app.notFound((c) => renderError(c, new HttpError("NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`)));
  app.use("*", requestContext(deps.logger));
  app.use("*", securityHeaders(deps.securityHeaders ?? { trustProxy: false }));
  for (const { path, errorFormat } of deps.mounts) {
    if (!errorFormat) continue;
    app.use(`${path}/*`, async (c, next) => {
      c.set("errorFormat", errorFormat);
      await next();
    });
  }
  const limit = bodyLimit({
    maxSize: deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    onError: () => {
      throw bodyTooLarge();
    },
  });
  app.use("*", (c, next) => (isStreamedUpload(c) ? next() : limit(c, next)));
  // After the body limit (it reads the body) and before every route of every mount.
  app.use("*", inputHygiene());

  app.get("/healthz", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      const latencyMs = Math.round((await deps.store.ping()) * 100) / 100;
      return c.json({ status: "ok", store: { kind: deps.store.kind, ok: true, latencyMs } });
    } catch (err) {
      c.get("log").error({ err }, "health check: store unreachable");
      return c.json({ status: "error", store: { kind: deps.store.kind, ok: false } }, 503);
    }
  });

  app.get("/config.json", async (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(await deps.runtimeConfig(new URL(c.req.url).origin));
  });

  for (const mount of deps.mounts) app.route(mount.path, mount.routes);
  app.route("/", staticSite(deps.distDir));
  return app;
}
