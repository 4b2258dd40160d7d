import { Hono } from "hono";
import { bucketTargetFrom } from "../backup/lazy-bucket.ts";
import { ServerBackups } from "../backup/server-backups.ts";
import { serverBackupSource } from "../backup/sources.ts";
import type { AppEnv } from "../http/env.ts";
import { loadMasterKey } from "../lib/envelope.ts";
import { setupPending } from "../lib/first-run.ts";
import { pruneInstanceAudit } from "../lib/instance-audit.ts";
import { readFirstOperator } from "../lib/operators.ts";
import { Vault } from "../lib/vault.ts";
import type { ServiceContext, StackTarget } from "../service-context.ts";
import { adminBackupsRoutes } from "./admin-backups-routes.ts";
import { adminRoutes } from "./admin-routes.ts";
import { appRoutes, appsRoutes } from "./apps-routes.ts";
import { auditRoutes } from "./audit-routes.ts";
import { databasesRoutes } from "./databases-routes.ts";
import { branchRoutes } from "./db-branch-routes.ts";
import { dumpRoutes } from "./db-dump-routes.ts";
import { environmentsRoutes } from "./environments-routes.ts";
import { executeRoutes } from "./execute-routes.ts";
import { exportRoutes } from "./export-routes.ts";
import { adminImpersonationRoutes, impersonationRoutes } from "./impersonation-routes.ts";
import { importRoutes } from "./import-routes.ts";
import { createAccessTokenVerifier } from "./lib/access/access-token.ts";
import { answerGoneCallers } from "./lib/access/gone-user.ts";
import { requireUser } from "./lib/access/require-user.ts";
import { appAccessParam } from "./lib/access/resource-access.ts";
import { createStackServerApi } from "./lib/access/stack-server-api.ts";
import { TeamRights } from "./lib/access/team-rights.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import { AppsCache } from "./lib/core/apps-cache.ts";
import { ApiRateLimiter } from "./lib/core/rate-limit.ts";
import { UserEvents } from "./lib/core/user-events.ts";
import { ConnectionManager } from "./lib/databases/connections.ts";
import { migrateManagedRoles } from "./lib/databases/migrate-managed-roles.ts";
import { databaseIdParam } from "./lib/databases/own-database.ts";
import { recordImpersonatedRequests } from "./lib/history/impersonated-requests.ts";
import { Impersonations, withImpersonations } from "./lib/operators/impersonations.ts";
import { createOperatorGate } from "./lib/operators/operator-gate.ts";
import { SetupLinks } from "./lib/operators/setup-link.ts";
import { WebhookWorker } from "./lib/secrets/webhook-worker.ts";
import { Executions } from "./lib/sql-runs/executions.ts";
import { ScriptParses } from "./lib/sql-runs/script-parses.ts";
import { projectInitRoutes } from "./project-init-routes.ts";
import { rowChangesRoutes } from "./row-changes-routes.ts";
import { schemaEditorRoutes } from "./schema-editor/routes.ts";
import { schemaRoutes } from "./schema-routes.ts";
import { secretVersionsRoutes } from "./secret-versions-routes.ts";
import { secretsRoutes } from "./secrets-routes.ts";
import { serviceTokenSecretsReader, serviceTokensRoutes } from "./service-tokens-routes.ts";
import { setupRoutes } from "./setup-routes.ts";
import { snippetsRoutes } from "./snippets/routes.ts";
import { sqlSplitRoutes } from "./sql-split-routes.ts";
import { structureRoutes } from "./structure-routes.ts";
import { tableDataRoutes } from "./table-data-routes.ts";
import { teamsRoutes } from "./teams-routes.ts";
import { userNotifySocketRoutes } from "./user-notify-socket-routes.ts";
import { webhooksRoutes } from "./webhooks-routes.ts";

/** What a route factory answers: a sub-app with its own env and schema, which `route` mounts as any. */
// biome-ignore lint/suspicious/noExplicitAny: each group's env narrows AppEnv (DatabaseEnv, AppAccessEnv), and Hono's handler types are invariant in it
type RouteGroup = Hono<any, any, any>;

/** Every route a signed-in caller reaches, by its path under /api/v1: each file's factory takes the deps alone. */
const SIGNED_IN_ROUTES: Array<[string, (deps: ApiDeps) => RouteGroup]> = [
  ["/apps", appsRoutes],
  ["/apps/:appId", appRoutes],
  ["/apps/:appId/environments", environmentsRoutes],
  ["/apps/:appId/secrets/:key/versions", secretVersionsRoutes],
  ["/apps/:appId/secrets", secretsRoutes],
  ["/apps/:appId/tokens", serviceTokensRoutes],
  ["/apps/:appId/webhooks", webhooksRoutes],
  ["/apps/:appId/audit", auditRoutes],
  ["/db", databasesRoutes],
  ["/db/:dbId/branch", branchRoutes],
  ["/db/:dbId", dumpRoutes],
  ["/db/:dbId/schema", schemaRoutes],
  ["/db/:dbId/schema-editor", schemaEditorRoutes],
  ["/db/:dbId/structure", structureRoutes],
  ["/db/:dbId/export", exportRoutes],
  ["/db/:dbId/import", importRoutes],
  ["/db/:dbId/table", tableDataRoutes],
  ["/db/:dbId/rows", rowChangesRoutes],
  ["/sql", sqlSplitRoutes],
  ["/snippets", snippetsRoutes],
  ["/db/:dbId", executeRoutes],
  ["/auth", projectInitRoutes],
  ["/teams", teamsRoutes],
  ["/admin/backups", adminBackupsRoutes],
  ["/impersonation", impersonationRoutes],
  ["/admin/impersonations", adminImpersonationRoutes],
  ["/admin", adminRoutes],
];

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
  /** Instance backups of this server (docs/operations.md, "Backup and restore"). */
  backups: ServerBackups;
}

/** The app API: a customer of the Stack-compatible auth service `stack`, never of its tables. */
export async function createAppApi(ctx: ServiceContext, stack: StackTarget): Promise<AppApi> {
  const { config, store, logger } = ctx;
  const master = loadMasterKey({ secretsMasterKey: config.SECRETS_MASTER_KEY, dataDir: config.DATA_DIR });
  const events = new UserEvents(store.bus, logger);
  const appsCache = new AppsCache();
  // Changes made through other instances arrive as events (per owner channel: a user, or
  // `team:<id>`); they invalidate this instance's cache of that owner's apps.
  events.observe((channel, message) => {
    if (message.type === "store" || message.type === "appUpdate") appsCache.invalidate(channel);
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
  // Impersonation sessions name their operator, and are refused once ended (lib/operators/impersonations.ts).
  const impersonations = new Impersonations(store.db);
  const verifier = withImpersonations(createAccessTokenVerifier(stack), impersonations);
  const vault = new Vault(store.db, master);
  if (config.DATABASE_URL) {
    await migrateManagedRoles({ db: store.db, vault, databaseUrl: config.DATABASE_URL, logger });
  }
  const stackApi = createStackServerApi(stack);
  const webhooks = new WebhookWorker(store, vault, ctx.outbound, logger, { pollMs: 1_000 });
  webhooks.start();
  const backups = new ServerBackups(
    serverBackupSource(store, connections, config.DATABASE_URL),
    master,
    logger,
    config.BACKUP_DIR,
    { keep: config.BACKUP_KEEP, keepDays: config.BACKUP_KEEP_DAYS },
    store.db,
    bucketTargetFrom(config, master),
  );
  const deps: ApiDeps = {
    publicUrl: ctx.publicUrl,
    store,
    logger,
    vault,
    connections,
    verifier,
    stackApi,
    rights: new TeamRights(stackApi, config.TEAM_RIGHTS_CACHE_MS),
    events,
    appsCache,
    executions,
    scriptParses: new ScriptParses(),
    limits: new ApiRateLimiter(store.db, config.AUTH_RATE_LIMITS, config.TRUST_PROXY),
    sql: { timeoutMs: config.SQL_STATEMENT_TIMEOUT_MS, maxRows: config.SQL_MAX_ROWS, readOnly: config.SQL_READ_ONLY },
    secretVersions: { keepDays: config.SECRET_VERSIONS_KEEP_DAYS, keepCount: config.SECRET_VERSIONS_KEEP_COUNT },
    outbound: ctx.outbound,
    webhooks,
    stack,
    operators: createOperatorGate(store.db, stackApi, config.ADMIN_EMAILS),
    impersonations,
    setupLinks: new SetupLinks(store.db),
    backups,
    instance: {
      smtpUrlSet: Boolean(config.SMTP_URL),
      external: Boolean(config.STACK_BASE_URL),
      backup: {
        schedule: config.BACKUP_SCHEDULE,
        keep: config.BACKUP_KEEP,
        keepDays: config.BACKUP_KEEP_DAYS,
        store: store.kind,
      },
    },
  };

  // The audit log keeps AUDIT_RETENTION_DAYS: pruned at start and then daily (idempotent across instances).
  const pruneAudit = () =>
    void pruneInstanceAudit(store.db, config.AUDIT_RETENTION_DAYS).catch((err: unknown) =>
      logger.error({ err }, "audit log pruning failed"),
    );
  pruneAudit();
  const pruneTimer = setInterval(pruneAudit, 24 * 3600 * 1000);
  pruneTimer.unref();

  const authed = new Hono<AppEnv>()
    // A service token may read its app's secrets here, before the user check refuses it everywhere.
    .get("/apps/:appId/secrets", serviceTokenSecretsReader(deps))
    .use("*", requireUser(verifier, ctx.publicUrl))
    .use("*", answerGoneCallers(deps.stackApi))
    .use("*", recordImpersonatedRequests({ db: store.db, logger }))
    // Every route under /db/{dbId} (and /db/{dbId} itself) gets its id validated here, once.
    .use("/db/:dbId/*", databaseIdParam)
    // …and every route under /apps/{appId} (and the app itself) its access check (the caller's role on the app's owner).
    .use("/apps/:appId/*", appAccessParam(deps));
  for (const [path, routes] of SIGNED_IN_ROUTES) authed.route(path, routes(deps));

  // The pair error format is set for /api/v1 by the HTTP app (Mount.errorFormat), before its body limit.
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.set("errorFormat", "pair");
    await next();
  });
  // The socket authenticates inside the connection (cookie or first message), not by middleware.
  routes.route("/ws", userNotifySocketRoutes(deps));
  // The first operator's account: the setup link's token stands in for a session.
  routes.route("/setup", setupRoutes(deps));
  routes.route("/", authed);

  return {
    routes,
    async firstRunSetupToken() {
      if (await readFirstOperator(store.db)) return null;
      // A first run stays one until its link is used: accounts made meanwhile with a server key do not end it.
      if (!(await setupPending(store.db)) && (await deps.stackApi.hasUsers())) return null;
      return deps.setupLinks.issue();
    },
    prepareForNewDatabases: () => connections.prepareSpareSoon(),
    backups,
    async close() {
      clearInterval(pruneTimer);
      await webhooks.close();
      await backups.close(config.DATA_DIR);
      events.close();
      executions.close();
      await connections.close();
    },
  };
}
