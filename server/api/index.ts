import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { loadMasterKey } from "../lib/envelope.ts";
import { readFirstOperator } from "../lib/operators.ts";
import { Vault } from "../lib/vault.ts";
import type { ServiceContext, StackTarget } from "../service-context.ts";
import { adminRoutes } from "./admin.ts";
import { appsRoutes } from "./apps.ts";
import { auditRoutes } from "./audit.ts";
import { databasesRoutes } from "./databases.ts";
import { executeRoutes } from "./execute.ts";
import { exportRoutes } from "./export.ts";
import { importRoutes } from "./import.ts";
import { createAccessTokenVerifier } from "./lib/access-token.ts";
import { AppsCache } from "./lib/apps-cache.ts";
import { ConnectionManager } from "./lib/connections.ts";
import type { ApiDeps } from "./lib/deps.ts";
import { Executions } from "./lib/executions.ts";
import { migrateManagedRoles } from "./lib/migrate-managed-roles.ts";
import { createOperatorGate } from "./lib/operator-gate.ts";
import { databaseIdParam } from "./lib/own-database.ts";
import { ApiRateLimiter } from "./lib/rate-limit.ts";
import { requireUser } from "./lib/require-user.ts";
import { SetupLinks } from "./lib/setup-link.ts";
import { createStackServerApi } from "./lib/stack-server-api.ts";
import { UserEvents } from "./lib/user-events.ts";
import { projectInitRoutes } from "./project-init.ts";
import { rowChangesRoutes } from "./row-changes.ts";
import { schemaRoutes } from "./schema.ts";
import { secretsRoutes } from "./secrets.ts";
import { serviceTokenSecretsReader, serviceTokensRoutes } from "./service-tokens.ts";
import { setupRoutes } from "./setup.ts";
import { sqlSplitRoutes } from "./sql-split.ts";
import { structureRoutes } from "./structure.ts";
import { tableDataRoutes } from "./table-data.ts";
import { teamsRoutes } from "./teams.ts";
import { userNotifySocketRoutes } from "./user-notify-socket.ts";

export interface AppApi {
  /** Mounted at /api/v1. */
  routes: Hono<AppEnv>;
  close(): Promise<void>;
  /**
   * At a start that finds no account and no first operator: a fresh one-time setup token (the
   * caller prints the link); otherwise null. Call once the auth service listens.
   */
  firstRunSetupToken(): Promise<string | null>;
  /** Readies what a first new database needs (a long-running server calls it once it listens). */
  prepareForNewDatabases(): void;
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
  const connections = new ConnectionManager({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    logger,
    outbound: ctx.outbound,
  });
  const verifier = createAccessTokenVerifier(stack);
  const vault = new Vault(store.db, master);
  if (config.DATABASE_URL) {
    await migrateManagedRoles({ db: store.db, vault, databaseUrl: config.DATABASE_URL, logger });
  }
  const deps: ApiDeps = {
    publicUrl: ctx.publicUrl,
    store,
    logger,
    vault,
    connections,
    verifier,
    stackApi: createStackServerApi(stack),
    events,
    appsCache,
    executions,
    limits: new ApiRateLimiter(store.db, config.AUTH_RATE_LIMITS, config.TRUST_PROXY),
    sql: { timeoutMs: config.SQL_STATEMENT_TIMEOUT_MS, maxRows: config.SQL_MAX_ROWS, readOnly: config.SQL_READ_ONLY },
  };

  const operators = createOperatorGate(store.db, deps.stackApi, config.ADMIN_EMAILS);

  const authed = new Hono<AppEnv>()
    // A service token may read its app's secrets here, before the user check refuses it everywhere.
    .get("/apps/:appId/secrets", serviceTokenSecretsReader(deps))
    .use("*", requireUser(verifier, ctx.publicUrl))
    // Every route under /db/{dbId} (and /db/{dbId} itself) gets its id validated here, once.
    .use("/db/:dbId/*", databaseIdParam)
    .route("/apps", appsRoutes(deps))
    .route("/apps/:appId/secrets", secretsRoutes(deps))
    .route("/apps/:appId/tokens", serviceTokensRoutes(deps))
    .route("/apps/:appId/audit", auditRoutes(deps))
    .route("/db", databasesRoutes(deps))
    .route("/db/:dbId/schema", schemaRoutes(deps))
    .route("/db/:dbId/structure", structureRoutes(deps))
    .route("/db/:dbId/export", exportRoutes(deps))
    .route("/db/:dbId/import", importRoutes(deps))
    .route("/db/:dbId/table", tableDataRoutes(deps))
    .route("/db/:dbId/rows", rowChangesRoutes(deps))
    .route("/sql", sqlSplitRoutes())
    .route("/db/:dbId", executeRoutes(deps))
    .route("/auth", projectInitRoutes(deps))
    .route("/teams", teamsRoutes(deps))
    .route(
      "/admin",
      adminRoutes(stack, operators, { smtpUrlSet: Boolean(config.SMTP_URL), external: Boolean(config.STACK_BASE_URL) }),
    );

  // The pair error format is set for /api/v1 by the HTTP app (Mount.errorFormat), before its body limit.
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.set("errorFormat", "pair");
    await next();
  });
  // The socket authenticates inside the connection (cookie or first message), not by middleware.
  routes.route("/ws", userNotifySocketRoutes(deps));
  // The first operator's account: the setup link's token stands in for a session.
  const setupLinks = new SetupLinks(store.db);
  routes.route("/setup", setupRoutes(deps, setupLinks));
  routes.route("/", authed);

  return {
    routes,
    async firstRunSetupToken() {
      if (await readFirstOperator(store.db)) return null;
      if (await deps.stackApi.hasUsers()) return null;
      return setupLinks.issue();
    },
    prepareForNewDatabases: () => connections.prepareSpareSoon(),
    async close() {
      events.close();
      executions.close();
      await connections.close();
    },
  };
}
