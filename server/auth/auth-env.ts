import type { Hono } from "hono";
import type { Config } from "../config.ts";
import type { AppEnv } from "../http/env.ts";
import type { OutboundFetch } from "../lib/outbound-fetch.ts";
import type { ServiceContext } from "../service-context.ts";
import type { AccessTokenClaims, TokenService } from "./crypto/tokens.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { FirstRunGate } from "./policy/first-run-gate.ts";
import type { RateLimiter } from "./policy/rate-limit.ts";
import type { ConnectedAccounts } from "./social/connected-accounts.ts";
import type { FlowStateStore } from "./social/flow-states.ts";
import type { OidcDirectory } from "./social/oidc/discovery.ts";
import type { SocialProvider } from "./social/provider.ts";
import type { CliLoginStore } from "./stores/cli-logins.ts";
import type { ContactChannelStore } from "./stores/contact-channels.ts";
import type { DataVault } from "./stores/data-vault.ts";
import type { MfaRecoveryCodes } from "./stores/mfa-recovery-codes.ts";
import type { PasskeyStore } from "./stores/passkeys.ts";
import type { PermissionDefinitions } from "./stores/permission-definitions.ts";
import type { ProjectCredentials } from "./stores/project-credentials.ts";
import type { ProjectPermissions } from "./stores/project-permissions.ts";
import type { Project, ProjectDirectory } from "./stores/projects.ts";
import type { SessionHandoff } from "./stores/session-handoff.ts";
import type { SessionStore } from "./stores/sessions.ts";
import type { TeamStore } from "./stores/teams.ts";
import type { TotpSecrets } from "./stores/totp-secrets.ts";
import type { UserTeamApiKeyStore } from "./stores/user-team-api-keys.ts";
import type { UserRecord, UserStore } from "./stores/users.ts";
import type { CodeStore } from "./stores/verification-codes.ts";
import type { WebhookDispatcher } from "./webhooks/dispatcher.ts";
import type { WebhookPortalTokens } from "./webhooks/portal-tokens.ts";

export type AccessType = "client" | "server" | "admin";

/** Who is calling, as established by project-auth.ts from the X-Stack-* / X-Hexclave-* headers. */
export interface RequestAuth {
  type: AccessType;
  project: Project;
  /** The signed-in user, or null (no access token, or the user was deleted). */
  user: UserRecord | null;
  claims: AccessTokenClaims | null;
}

export type AuthEnv = {
  Variables: AppEnv["Variables"] & { auth: RequestAuth };
};

export type AuthApp = Hono<AuthEnv>;

/** Everything the routes are built from. */
export interface AuthDeps {
  ctx: ServiceContext;
  config: Config;
  projects: ProjectDirectory;
  /** The console's project takes no sign-ups until the first operator exists. */
  firstRun: FirstRunGate;
  tokens: TokenService;
  sessions: SessionStore;
  users: UserStore;
  mailer: Mailer;
  /** User and team events to the project's webhook endpoints (`emit`). */
  webhooks: WebhookDispatcher;
  /** Read-only webhook portal tokens (POST /webhooks/svix-token). */
  portalTokens: WebhookPortalTokens;
  /** Seals and opens TOTP secrets at rest. */
  totpSecrets: TotpSecrets;
  /** One-time MFA recovery codes (keyed hashes). */
  recoveryCodes: MfaRecoveryCodes;
  /** Seals and opens projects' SMTP passwords and OAuth client secrets at rest. */
  credentials: ProjectCredentials;
  /** Registered WebAuthn credentials. */
  passkeys: PasskeyStore;
  limits: RateLimiter;
  codes: CodeStore;
  channels: ContactChannelStore;
  teams: TeamStore;
  /** Team and project permission definitions (containment, defaults, admin CRUD). */
  definitions: PermissionDefinitions;
  /** Project permissions granted to users. */
  projectPermissions: ProjectPermissions;
  /** User and team API keys (hashed). */
  apiKeys: UserTeamApiKeyStore;
  social: Map<string, SocialProvider>;
  /** Discovery documents and key sets of projects' OpenID providers (through OUTBOUND_ALLOW). */
  oidc: OidcDirectory;
  /** Token endpoint calls of those providers, through the same outbound policy. */
  oidcFetch: OutboundFetch;
  flows: FlowStateStore;
  /** Refresh tokens carried by one-time codes (cross-domain sign-in), sealed. */
  handoff: SessionHandoff;
  /** Command-line logins (codes hashed, handed-over refresh tokens sealed). */
  cliLogins: CliLoginStore;
  /** Stack's data vault (client-encrypted values, sealed again at rest). */
  dataVault: DataVault;
  /** Provider tokens of social accounts (connected-account access tokens). */
  connectedAccounts: ConnectedAccounts;
  /** `${origin}/auth`: the SDK's baseUrl for this server. */
  baseUrl(): string;
}
