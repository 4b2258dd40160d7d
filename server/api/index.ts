import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { loadMasterKey } from "../lib/envelope.ts";
import { Vault } from "../lib/vault.ts";
import type { ServiceContext, StackTarget } from "../service-context.ts";
import { adminRoutes } from "./admin.ts";
import { appsRoutes } from "./apps.ts";
import { databasesRoutes } from "./databases.ts";
import { executeRoutes } from "./execute.ts";
import { createAccessTokenVerifier } from "./lib/access-token.ts";
import { AppsCache } from "./lib/apps-cache.ts";
import { ConnectionManager } from "./lib/connections.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { Executions } from "./lib/executions.ts";
import { createOperatorGate } from "./lib/operator-gate.ts";
import { requireUser } from "./lib/require-user.ts";
import { createStackServerApi } from "./lib/stack-server-api.ts";
import { UserEvents } from "./lib/user-events.ts";
import { projectInitRoutes } from "./project-init.ts";
import { rowChangesRoutes } from "./row-changes.ts";
import { schemaRoutes } from "./schema.ts";
import { secretsRoutes } from "./secrets.ts";
import { sqlSplitRoutes } from "./sql-split.ts";
import { tableDataRoutes } from "./table-data.ts";
import { userNotifySocketRoutes } from "./user-notify-socket.ts";

export interface AppApi {
  /** Mounted at /api/v1. */
  routes: Hono<AppEnv>;
  close(): Promise<void>;
}

/** The app API: a customer of the Stack-compatible auth service `stack`, never of its tables. */
export async function createAppApi(ctx: ServiceContext, stack: StackTarget): Promise<AppApi> {
  const { config, store, logger } = ctx;
  const master = loadMasterKey({ secretsMasterKey: config.SECRETS_MASTER_KEY, dataDir: config.DATA_DIR });
  const events = new UserEvents(store.bus, logger);
  const appsCache = new AppsCache();
  // Changes made through other instances arrive as events; they invalidate this instance's cache.
  events.observe((userId, message) => {
    if (message.type === "store" || message.type === "appUpdate") appsCache.invalidate(userId);
  });
  await events.start();
  const executions = new Executions(store.bus, logger, store.kind === "postgres");
  await executions.start();
  const connections = new ConnectionManager({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, logger });
  const verifier = createAccessTokenVerifier(stack);
  const deps: ApiDeps = {
    store,
    logger,
    vault: new Vault(store.db, master),
    connections,
    verifier,
    stackApi: createStackServerApi(stack),
    events,
    appsCache,
    executions,
    sql: { timeoutMs: config.SQL_STATEMENT_TIMEOUT_MS, maxRows: config.SQL_MAX_ROWS, readOnly: config.SQL_READ_ONLY },
  };

  const operators = createOperatorGate(deps.stackApi, config.ADMIN_EMAILS);

  const authed = new Hono<AppEnv>()
    .use("*", requireUser(verifier))
    .route("/apps", appsRoutes(deps))
    .route("/apps/:appId/secrets", secretsRoutes(deps))
    .route("/db", databasesRoutes(deps))
    .route("/db/:dbId/schema", schemaRoutes(deps))
    .route("/db/:dbId/table", tableDataRoutes(deps))
    .route("/db/:dbId/rows", rowChangesRoutes(deps))
    .route("/sql", sqlSplitRoutes())
    .route("/db/:dbId", executeRoutes(deps))
    .route("/auth", projectInitRoutes(deps))
    .route("/admin", adminRoutes(stack, operators));

  // The pair error format is set for /api/v1 by the HTTP app (Mount.errorFormat), before its body limit.
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.set("errorFormat", "pair");
    await next();
  });
  // The socket authenticates inside the connection (cookie or first message), not by middleware.
  routes.route("/ws", userNotifySocketRoutes(deps));
  routes.route("/", authed);

  return {
    routes,
    async close() {
      events.close();
      executions.close();
      await connections.close();
    },
  };
}
