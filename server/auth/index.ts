import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { createErrorHandler } from "../http/error-handler.ts";
import { loadMasterKey } from "../lib/envelope.ts";
import { reachableOnlyFromThisMachine } from "../lib/loopback.ts";
import { outboundFetch } from "../lib/outbound-fetch.ts";
import { RateLimited } from "../lib/rate-limits.ts";
import { Vault } from "../lib/vault.ts";
import type { ServiceContext } from "../service-context.ts";
import { recordImpersonatedAuthChanges } from "./access/impersonation-audit.ts";
import type { AuthDeps, AuthEnv } from "./auth-env.ts";
import { TokenService } from "./crypto/tokens.ts";
import { renderStatusError, StatusError } from "./errors/status-error.ts";
import { forgetMailBodies, sweepExpired } from "./jobs/janitor.ts";
import { Mailer } from "./mail/mailer.ts";
import { FirstRunGate } from "./policy/first-run-gate.ts";
import { RateLimiter } from "./policy/rate-limit.ts";
import { registerRoutes } from "./routes/index.ts";
import { ConnectedAccounts } from "./social/connected-accounts.ts";
import { FlowStateStore } from "./social/flow-states.ts";
import { OidcDirectory } from "./social/oidc/discovery.ts";
import { socialProviders } from "./social/providers.ts";
import { CliLoginStore } from "./stores/cli-logins.ts";
import { ContactChannelStore } from "./stores/contact-channels.ts";
import { DataVault } from "./stores/data-vault.ts";
import { MfaRecoveryCodes } from "./stores/mfa-recovery-codes.ts";
import { PasskeyStore } from "./stores/passkeys.ts";
import { PermissionDefinitions } from "./stores/permission-definitions.ts";
import { ProjectCredentials } from "./stores/project-credentials.ts";
import { ProjectPermissions } from "./stores/project-permissions.ts";
import { type AppProjectKeys, ProjectDirectory, seedProjects } from "./stores/projects.ts";
import { SessionHandoff } from "./stores/session-handoff.ts";
import { SessionStore } from "./stores/sessions.ts";
import { TeamStore } from "./stores/teams.ts";
import { TotpSecrets } from "./stores/totp-secrets.ts";
import { UserTeamApiKeyStore } from "./stores/user-team-api-keys.ts";
import { UserStore } from "./stores/users.ts";
import { CodeStore } from "./stores/verification-codes.ts";
import { WebhookDispatcher } from "./webhooks/dispatcher.ts";
import { WebhookPortalTokens } from "./webhooks/portal-tokens.ts";
import { storeEvents } from "./webhooks/store-events.ts";
import { wireHeaders } from "./wire/headers.ts";

export interface AuthService {
  /** Mounted at /auth/api/v1. */
  routes: Hono<AppEnv>;
  appProject: AppProjectKeys;
  /** True while the instance waits for its first operator (sign-up to the console is closed). */
  setupPending(): Promise<boolean>;
  /** Providers the development stand-in serves (none unless DEV_OAUTH_PROVIDER switches it on). */
  developmentOAuthProviders: string[];
  close(): Promise<void>;
}

/**
 * The Stack-compatible auth service: seeds its projects and signing keys in the store, then
 * serves Stack's REST API (both SDK header dialects) for the official SDKs.
 */
export async function createAuthService(ctx: ServiceContext): Promise<AuthService> {
  const { config, store, logger } = ctx;
  const { appProject } = await seedProjects(store, config);
  const baseUrl = () => `${ctx.publicUrl()}/auth`;
  const tokens = new TokenService(store, () => `${baseUrl()}/api/v1`);
  await tokens.init();
  // Housekeeping every few hours: key rotation and expired rows.
  const housekeeping = setInterval(
    () =>
      void Promise.all([tokens.rotate(), sweepExpired(store)]).catch((err: unknown) =>
        logger.error({ err }, "auth housekeeping failed"),
      ),
    6 * 3600 * 1000,
  );
  housekeeping.unref();
  const sessions = new SessionStore(store);
  const vault = new Vault(
    store.db,
    loadMasterKey({ secretsMasterKey: config.SECRETS_MASTER_KEY, dataDir: config.DATA_DIR }),
  );
  const totpSecrets = new TotpSecrets(vault);
  await totpSecrets.sealLegacy(store);
  const credentials = new ProjectCredentials(vault);
  const sealedRows = await credentials.sealLegacy(store);
  if (sealedRows > 0) logger.info({ rows: sealedRows }, "sealed project credentials stored in clear");
  const webhooks = new WebhookDispatcher(
    store,
    logger.child({ component: "auth-webhooks" }),
    ctx.outbound,
    credentials,
  );
  webhooks.start();
  const events = storeEvents(webhooks);
  const users = new UserStore(store, sessions, events, totpSecrets, logger);
  await users.listenForChanges();
  const mailer = new Mailer(
    store,
    logger.child({ component: "auth-mailer" }),
    {
      smtpUrl: config.SMTP_URL,
      from: config.EMAIL_FROM,
      printLinks: config.NODE_ENV !== "production" && reachableOnlyFromThisMachine(config),
      outbound: ctx.outbound,
    },
    credentials,
  );
  await forgetMailBodies(store);
  mailer.start();
  const definitions = new PermissionDefinitions(store);
  const firstRun = new FirstRunGate(store.db, appProject.projectId);
  const oidcFetch = outboundFetch(ctx.outbound);
  const oidc = new OidcDirectory(oidcFetch);
  const deps: AuthDeps = {
    ctx,
    config,
    projects: new ProjectDirectory(store, logger),
    firstRun,
    tokens,
    sessions,
    users,
    mailer,
    webhooks,
    portalTokens: new WebhookPortalTokens(store),
    totpSecrets,
    recoveryCodes: new MfaRecoveryCodes(store, vault),
    credentials,
    passkeys: new PasskeyStore(store),
    limits: new RateLimiter(store.db, config.AUTH_RATE_LIMITS, config.TRUST_PROXY),
    codes: new CodeStore(store),
    channels: new ContactChannelStore(store),
    teams: new TeamStore(store, definitions, events),
    definitions,
    projectPermissions: new ProjectPermissions(store, definitions),
    apiKeys: new UserTeamApiKeyStore(store),
    social: socialProviders(config, () => `${baseUrl()}/api/v1`, oidcFetch, oidc),
    oidc,
    oidcFetch,
    flows: new FlowStateStore(store),
    connectedAccounts: new ConnectedAccounts(store, vault),
    dataVault: new DataVault(store, vault),
    cliLogins: new CliLoginStore(store, vault),
    handoff: new SessionHandoff(vault),
    baseUrl,
  };

  const app = new Hono<AuthEnv>();
  const foundationErrors = createErrorHandler(logger);
  // Stack's plain-text StatusErrors (e.g. 429) are rendered here; everything else by the foundation.
  app.onError((error, c) => {
    // AuthEnv only adds variables to AppEnv, but Hono's Context is invariant in its env type.
    const appContext = c as unknown as Context<AppEnv>;
    if (error instanceof RateLimited) {
      // A plain 429 (code in the body only): the SDK waits out Retry-After and tries again.
      const retryAfter = { "Retry-After": String(error.retryAfterSeconds) };
      return renderStatusError(appContext, new StatusError("RATE_LIMITED", error.message, retryAfter));
    }
    return error instanceof StatusError ? renderStatusError(appContext, error) : foundationErrors(error, appContext);
  });
  app.use("*", ...wireHeaders());
  app.use("*", recordImpersonatedAuthChanges(store.db, logger));
  registerRoutes(app, deps);
  // Unknown API paths answer like Stack's catch-all: plain 404, no known-error code the SDK lacks.
  app.all("*", (c) => {
    throw new StatusError("ROUTE_NOT_FOUND", `No API route for ${c.req.method} ${c.req.path}.`);
  });

  return {
    routes: app as unknown as Hono<AppEnv>, // mounted under the shell's app: AuthEnv extends AppEnv (see onError)
    appProject,
    setupPending: () => firstRun.pending(),
    developmentOAuthProviders: [...deps.social.values()].filter((p) => p.isDevelopment).map((p) => p.id),
    close: async () => {
      clearInterval(housekeeping);
      users.stopListening();
      await mailer.close();
      await webhooks.close();
    },
  };
}
