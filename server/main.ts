import { mkdirSync } from "node:fs";
import { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { WebSocketServer } from "ws";
import { createAppApi } from "./api/index.ts";
import { mailDelivery } from "./api/lib/operators/mail-delivery.ts";
import { createAuthService } from "./auth/index.ts";
import { parseBackupSchedule } from "./backup/backup-schedule.ts";
import { backupBeforeMigrate } from "./backup/before-migrate.ts";
import type { Config } from "./config.ts";
import { openStore, type Store } from "./db/store.ts";
import { createHttpApp, type Mount } from "./http/app.ts";
import { closeAfterUnreadBodies } from "./http/close-unread-bodies.ts";
import { APP_ROOT } from "./lib/app-root.ts";
import { throwErr } from "./lib/errors.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { createOutboundPolicy, parseOutboundAllow } from "./lib/outbound.ts";
import { setPgliteWasmOptimize } from "./pglite/settings.ts";
import type { ServiceContext, StackTarget } from "./service-context.ts";

const packageVersion = process.env.npm_package_version ?? "0.0.0";
export const DIST_DIR = join(APP_ROOT, "dist");

export interface RunningServer {
  /** Loopback origin of this process. */
  url: string;
  /** The origin people should open: PUBLIC_URL, else localhost (or HOST) with the port. */
  publicUrl: string;
  port: number;
  store: Store;
  logger: Logger;
  /** The one-time link that makes the first operator, when this start found no account yet (print it, never log it). */
  setupUrl: string | null;
  /** Every registered route and middleware (method and path pattern), for tests that cover them all. */
  routes: ReadonlyArray<{ method: string; path: string }>;
  /**
   * Background work that makes a long-running server's first requests as fast as later ones (the
   * spare cluster of the next managed database). The process entry calls it; tests that start
   * many short-lived servers leave it out.
   */
  warmUp(): void;
  /** Stops accepting, lets in-flight requests finish, then closes services and the store. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  distDir?: string;
}

/** Composition root: config -> store -> services -> HTTP. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL });
  mkdirSync(config.DATA_DIR, { recursive: true });
  setPgliteWasmOptimize(config.PGLITE_WASM_OPTIMIZE);
  const store = await openStore({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    logger,
    beforeMigrate: config.BACKUP_BEFORE_MIGRATE ? backupBeforeMigrate(config, logger) : undefined,
  });

  let localUrl = "";
  let publicUrl = config.PUBLIC_URL ?? "";
  const ctx: ServiceContext = {
    config,
    store,
    logger,
    publicUrl: () => publicUrl,
    localUrl: () => localUrl,
    outbound: createOutboundPolicy(parseOutboundAllow(config.OUTBOUND_ALLOW)),
  };
  const mounts: Mount[] = [];
  const closers: Array<() => Promise<void>> = [];

  let stack: StackTarget;
  let developmentOAuthProviders: string[] = [];
  // Another auth service (STACK_BASE_URL) keeps its own sign-up rules: nothing is pending here.
  let setupPending = async () => false;
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
    mounts.push({ path: "/auth/api/v1", routes: auth.routes, errorFormat: "stack" });
    closers.push(auth.close);
    developmentOAuthProviders = auth.developmentOAuthProviders;
    setupPending = auth.setupPending;
    stack = { baseUrl: () => `${localUrl}/auth`, ...auth.appProject };
  }
  const api = await createAppApi(ctx, stack);
  mounts.push({ path: "/api/v1", routes: api.routes, errorFormat: "pair" });
  closers.push(api.close);
  // On PGlite only this process can copy the store and databases consistently: `npm run backup` asks it.
  if (!config.DATABASE_URL) await api.backups.listen(config.DATA_DIR);
  await api.backups.resume(parseBackupSchedule(config.BACKUP_SCHEDULE));

  const app = createHttpApp({
    logger,
    store,
    distDir: options.distDir ?? config.DIST_DIR ?? DIST_DIR,
    mounts,
    securityHeaders: {
      publicUrl: config.PUBLIC_URL,
      authBaseUrl: config.STACK_BASE_URL,
      trustProxy: config.TRUST_PROXY,
    },
    runtimeConfig: async (origin) => ({
      authBaseUrl: config.STACK_BASE_URL ?? `${config.PUBLIC_URL ?? origin}/auth`,
      projectId: stack.projectId,
      publishableClientKey: stack.publishableClientKey || undefined,
      locales: ["en", "de"],
      version: packageVersion,
      developmentOAuthProviders,
      termsUrl: config.TERMS_URL,
      privacyUrl: config.PRIVACY_URL,
      mail: await mailDelivery(stack, Boolean(config.SMTP_URL), Boolean(config.STACK_BASE_URL)),
      setupPending: await setupPending(),
    }),
  });

  const wss = new WebSocketServer({ noServer: true });
  const server = await listen(app.fetch, wss, config);
  const port = (server.address() as AddressInfo).port;
  const wildcard = config.HOST === "0.0.0.0" || config.HOST === "::";
  localUrl = `http://${wildcard ? "127.0.0.1" : hostForUrl(config.HOST)}:${port}`;
  // localhost rather than 127.0.0.1: browsers treat both as secure, but passkeys need a host name.
  publicUrl ||= wildcard ? `http://localhost:${port}` : localUrl;
  logger.info({ url: localUrl, port, publicUrl, store: store.kind }, "listening");
  let setupUrl: string | null = null;
  try {
    const token = await api.firstRunSetupToken();
    if (token) {
      setupUrl = `${publicUrl}/setup?token=${token}`;
      // The link is a credential: it goes to the terminal (serve.ts), never into the log.
      logger.info("no account yet: a one-time setup link for the first operator was printed to the terminal");
    }
  } catch (err) {
    logger.warn({ err }, "could not prepare the first operator's setup link");
  }

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
  const routes = app.routes.map(({ method, path }) => ({ method, path }));
  const warmUp = () => api.prepareForNewDatabases();
  return { url: localUrl, publicUrl, port, store, logger, setupUrl, routes, warmUp, close };
}

/** An IPv6 literal needs brackets in a URL. */
function hostForUrl(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

function listen(fetch: (req: Request) => Response | Promise<Response>, wss: WebSocketServer, config: Config) {
  return new Promise<ServerType>((resolve, reject) => {
    const server = serve({ fetch, port: config.PORT, hostname: config.HOST, websocket: { server: wss } }, () =>
      resolve(server),
    );
    if (server instanceof HttpServer) closeAfterUnreadBodies(server);
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
