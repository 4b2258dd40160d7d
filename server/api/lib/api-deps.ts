import type { ServerBackups } from "../../backup/server-backups.ts";
import type { Store } from "../../db/store.ts";
import type { Logger } from "../../lib/logger.ts";
import type { OutboundPolicy } from "../../lib/outbound.ts";
import type { Vault } from "../../lib/vault.ts";
import type { StackTarget } from "../../service-context.ts";
import type { AccessTokenVerifier } from "./access/access-token.ts";
import type { StackServerApi } from "./access/stack-server-api.ts";
import type { TeamRights } from "./access/team-rights.ts";
import type { AppsCache } from "./core/apps-cache.ts";
import type { ApiRateLimiter } from "./core/rate-limit.ts";
import type { UserEvents } from "./core/user-events.ts";
import type { ConnectionManager } from "./databases/connections.ts";
import type { Impersonations } from "./operators/impersonations.ts";
import type { OperatorGate } from "./operators/operator-gate.ts";
import type { SetupLinks } from "./operators/setup-link.ts";
import type { Executions } from "./sql-runs/executions.ts";
import type { ScriptParses } from "./sql-runs/script-parses.ts";

/** What the app API's route files are built from. */
export interface ApiDeps {
  /** The console's external origin (PUBLIC_URL or where it listens), for same-origin checks. */
  publicUrl(): string;
  store: Store;
  logger: Logger;
  vault: Vault;
  connections: ConnectionManager;
  verifier: AccessTokenVerifier;
  stackApi: StackServerApi;
  /** The caller's roles in teams (auth service's server API, cached briefly). */
  rights: TeamRights;
  events: UserEvents;
  appsCache: AppsCache;
  executions: Executions;
  /** Recent parses of SQL scripts, so a split and the run after it parse once. */
  scriptParses: ScriptParses;
  limits: ApiRateLimiter;
  sql: { timeoutMs: number; maxRows: number; readOnly: boolean };
  /** How long past secret values are kept (SECRET_VERSIONS_KEEP_DAYS / _COUNT). */
  secretVersions: { keepDays: number; keepCount: number };
  /** Where the server may connect on a user's behalf (OUTBOUND_ALLOW): external databases, webhooks. */
  outbound: OutboundPolicy;
  /** The change webhooks' delivery worker (webhook-worker.ts): sends just-queued deliveries at once. */
  webhooks: { now(deliveryIds: string[]): void };
  /** The auth service this API is a customer of: the admin area's proxy and impersonation call its admin API. */
  stack: StackTarget;
  /** Who operates the instance (the admin area's door). */
  operators: OperatorGate;
  impersonations: Impersonations;
  /** The first operator's one-time setup links. */
  setupLinks: SetupLinks;
  /** The instance's backups (the admin area's Backups page). */
  backups: ServerBackups;
  /** What the admin area shows of the instance's configuration. */
  instance: {
    smtpUrlSet: boolean;
    /** The auth service runs elsewhere (STACK_BASE_URL). */
    external: boolean;
    backup: { schedule: string; keep?: number; keepDays?: number; store: "pglite" | "postgres" };
  };
}
