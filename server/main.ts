import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type ServerType, serve } from "@hono/node-server";
import { WebSocketServer } from "ws";
import { createAppApi } from "./api/index.ts";
import { createAuthService } from "./auth/index.ts";
import type { Config } from "./config.ts";
import { openStore, type Store } from "./db/store.ts";
import { createHttpApp, type Mount } from "./http/app.ts";
import { throwErr } from "./lib/errors.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import type { ServiceContext, StackTarget } from "./service-context.ts";

const packageVersion = process.env.npm_package_version ?? "0.0.0";
export const DIST_DIR = fileURLToPath(new URL("../dist", import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  store: Store;
  logger: Logger;
  /** Stops accepting, lets in-flight requests finish, then closes services and the store. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Tests keep PGlite in memory; the default is files under DATA_DIR. */
  inMemoryStore?: boolean;
  distDir?: string;
}

/** Composition root: config -> store -> services -> HTTP. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL });
  mkdirSync(config.DATA_DIR, { recursive: true });
  const store = await openStore({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    logger,
    inMemory: options.inMemoryStore,
  });

  let localUrl = "";
  let publicUrl = config.PUBLIC_URL ?? "";
  const ctx: ServiceContext = { config, store, logger, publicUrl: () => publicUrl, localUrl: () => localUrl };
  const mounts: Mount[] = [];
  const closers: Array<() => Promise<void>> = [];

  let stack: StackTarget;
  if (config.STACK_BASE_URL) {
    const baseUrl = config.STACK_BASE_URL.replace(/\/$/, "");
    stack = {
      baseUrl: () => baseUrl,
      // loadConfig requires both whenever STACK_BASE_URL is set.
      projectId: config.STACK_PROJECT_ID ?? throwErr("STACK_PROJECT_ID is missing although STACK_BASE_URL is set"),
      publishableClientKey: config.STACK_PUBLISHABLE_CLIENT_KEY,
      secretServerKey:
        config.STACK_SECRET_SERVER_KEY ?? throwErr("STACK_SECRET_SERVER_KEY is missing although STACK_BASE_URL is set"),
      superSecretAdminKey: config.STACK_SUPER_SECRET_ADMIN_KEY,
    };
  } else {
    const auth = await createAuthService(ctx);
    mounts.push({ path: "/auth/api/v1", routes: auth.routes });
    closers.push(auth.close);
    stack = { baseUrl: () => `${localUrl}/auth`, ...auth.appProject };
  }
  const api = await createAppApi(ctx, stack);
  mounts.push({ path: "/api/v1", routes: api.routes, errorFormat: "pair" });
  closers.push(api.close);

  const app = createHttpApp({
    logger,
    store,
    distDir: options.distDir ?? config.DIST_DIR ?? DIST_DIR,
    mounts,
    runtimeConfig: async (origin) => ({
      authBaseUrl: config.STACK_BASE_URL ?? `${config.PUBLIC_URL ?? origin}/auth`,
      projectId: stack.projectId,
      publishableClientKey: stack.publishableClientKey || undefined,
      locales: ["en", "de"],
      version: packageVersion,
    }),
  });

  const wss = new WebSocketServer({ noServer: true });
  const server = await listen(app.fetch, wss, config);
  const port = (server.address() as AddressInfo).port;
  localUrl = `http://${config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST}:${port}`;
  publicUrl ||= localUrl;
  logger.info({ url: localUrl, port, publicUrl, store: store.kind }, "listening");

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      logger.info("shutting down");
      await stopHttp(server, wss);
      for (const closeService of closers.reverse()) await closeService();
      await store.close();
      logger.info("stopped");
    })();
    return closing;
  };
  return { url: localUrl, port, store, logger, close };
}

function listen(fetch: (req: Request) => Response | Promise<Response>, wss: WebSocketServer, config: Config) {
  return new Promise<ServerType>((resolve, reject) => {
    const server = serve({ fetch, port: config.PORT, hostname: config.HOST, websocket: { server: wss } }, () =>
      resolve(server),
    );
    server.once("error", reject);
  });
}

const GRACE_MS = 10_000;

async function stopHttp(server: ServerType, wss: WebSocketServer): Promise<void> {
  for (const socket of wss.clients) socket.close(1001, "server shutting down");
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => {
      if ("closeAllConnections" in server) server.closeAllConnections();
      resolve();
    }, GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });
}
