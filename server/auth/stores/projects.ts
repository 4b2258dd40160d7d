import { createHmac, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { SmtpConfig } from "../../contract/auth-emails.ts";
import type { OidcSettings } from "../../contract/oidc-providers.ts";
import { authApiKeysTable, authProjectsTable, instanceSettingsTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import type { Logger } from "../../lib/logger.ts";
import { CROCKFORD, randomToken, sha256 } from "../crypto/secrets.ts";
import { seedConsoleTeamRoles, seedDefaultPermissionDefinitions } from "./permission-definitions.ts";

/** The keys of the project the web app itself signs users into. */
export interface AppProjectKeys {
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
  superSecretAdminKey: string;
}

export type AccountMergeStrategy = "link_method" | "raise_error" | "allow_duplicates";

/** A project's settings, stored as JSON in Stack's snake_case vocabulary. */
export type ConfigSource =
  | { type: "unlinked" }
  | { type: "pushed-from-unknown" }
  | {
      type: "pushed-from-github";
      owner: string;
      repo: string;
      branch: string;
      commit_hash: string;
      config_file_path: string;
    };

export interface ProjectConfig {
  sign_up_enabled: boolean;
  credential_enabled: boolean;
  magic_link_enabled: boolean;
  passkey_enabled: boolean;
  anonymous_enabled: boolean;
  allow_localhost: boolean;
  create_team_on_sign_up: boolean;
  client_team_creation_enabled: boolean;
  client_user_deletion_enabled: boolean;
  /** Permission ids granted on creating a team, joining one, and to every user (project level). */
  team_creator_default_permissions: { id: string }[];
  team_member_default_permissions: { id: string }[];
  user_default_permissions: { id: string }[];
  allow_user_api_keys: boolean;
  allow_team_api_keys: boolean;
  require_publishable_client_key: boolean;
  /** "shared" uses the instance's own client; "standard" the project's client id and secret. */
  oauth_providers: OAuthProviderConfig[];
  oauth_account_merge_strategy: AccountMergeStrategy;
  /** `key`: the id the config API names the domain by (the admin's own, or one derived from the URL). */
  domains: { domain: string; handler_path: string; key?: string }[];
  /** "shared": the instance's SMTP_URL; "standard": the project's own SMTP server. */
  email_config: EmailConfig;
  /** The palette of the HTML mails (email-themes.ts). */
  email_theme: string;
  /** Sign-up rules by the admin's id (sign-up-rules.ts), and what happens when none decides. */
  sign_up_rules: Record<string, SignUpRule>;
  sign_up_rules_default_action: "allow" | "reject";
  /** Users with an unverified primary e-mail are restricted until they verify it. */
  require_email_verification: boolean;
  /** Data vault stores by id (routes/data-vault). */
  data_vault_stores: Record<string, { display_name: string }>;
  /** Stack's dashboard apps switched on or off (`apps.installed.<id>.enabled`), kept for the dashboard. */
  installed_apps: Record<string, { enabled: boolean }>;
  /**
   * Stack's config API: the overrides written at the branch and environment level (flat keys as
   * written, secrets masked), kept to answer GET override/{level} and to layer them (environment
   * over branch). The settings above are what the service reads; these only record how they came.
   */
  config_overrides?: { branch: Record<string, unknown>; environment: Record<string, unknown> };
  /** Where the branch config was pushed from (Stack's `/internal/config/source`); unlinked when unset. */
  config_source?: ConfigSource;
}

export interface OAuthProviderConfig {
  id: string;
  type?: "shared" | "standard";
  client_id?: string;
  client_secret?: string;
  /** Microsoft with the project's own client: its Entra ID tenant (`consumers` when unset). */
  microsoft_tenant_id?: string;
  /** Facebook with the project's own client: a Facebook Login for Business configuration. */
  facebook_config_id?: string;
  /** Apple only: the bundle ids of the native apps whose identity tokens sign in (their `aud`). */
  apple_bundle_ids?: string[];
  /** A generic OpenID Connect provider (its id is the admin's own); always type "standard". */
  oidc?: OidcSettings;
  /** Both default to true; a provider kept only for connected accounts signs nobody in. */
  allow_sign_in?: boolean;
  allow_connected_accounts?: boolean;
}

export interface SignUpRule {
  enabled: boolean;
  display_name: string;
  /** Higher first; equal priorities in the order of their ids. */
  priority: number;
  /** A CEL expression over the sign-up (email, emailDomain, authMethod, oauthProvider, ...). */
  condition: string;
  action: { type: "allow" | "reject" | "restrict" | "log"; message?: string };
}

export type EmailConfig = { type: "shared" } | ({ type: "standard" } & SmtpConfig);

export interface Project {
  id: string;
  displayName: string;
  isProductionMode: boolean;
  config: ProjectConfig;
}

export type KeyKind = "publishable_client" | "secret_server" | "super_secret_admin";
export const KEY_PREFIX: Record<KeyKind, string> = {
  publishable_client: "pck_",
  secret_server: "ssk_",
  super_secret_admin: "sak_",
};

export const INTERNAL_PROJECT_ID = "internal";
const SDK_PROJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const SETTING_APP_PROJECT_ID = "auth.app_project_id";
const SETTING_KEY_SEED = "auth.key_seed";

/** The settings of a new project, with `overrides` applied. */
/**
 * Stack's "Default Light" e-mail theme (mail/email-themes.ts), the one a new project's mails start in.
 * Its id stands here, with the rest of a new project's config, so the store needs nothing of the mail.
 */
export const DEFAULT_EMAIL_THEME_ID = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac";

export function defaultConfig(overrides: Partial<ProjectConfig> = {}): ProjectConfig {
  return {
    sign_up_enabled: true,
    credential_enabled: true,
    magic_link_enabled: false,
    passkey_enabled: false,
    anonymous_enabled: true,
    allow_localhost: true,
    create_team_on_sign_up: false,
    client_team_creation_enabled: false,
    client_user_deletion_enabled: false,
    team_creator_default_permissions: [{ id: "team_admin" }],
    team_member_default_permissions: [{ id: "team_member" }],
    user_default_permissions: [],
    allow_user_api_keys: false,
    allow_team_api_keys: false,
    require_publishable_client_key: false,
    // A new project offers no social sign-in until its admin turns a provider on.
    oauth_providers: [],
    oauth_account_merge_strategy: "link_method",
    domains: [],
    email_config: { type: "shared" },
    email_theme: DEFAULT_EMAIL_THEME_ID,
    sign_up_rules: {},
    sign_up_rules_default_action: "allow",
    require_email_verification: false,
    data_vault_stores: {},
    installed_apps: {},
    ...overrides,
  };
}

/** An instance-wide generated value: the first instance to ask creates it, every other reads it. */
export async function getOrCreateSetting(store: Store, key: string, create: () => string): Promise<string> {
  await store.db
    .insert(instanceSettingsTable)
    .values({ key, value: create() })
    .onConflictDoNothing({ target: instanceSettingsTable.key });
  const [row] = await store.db.select().from(instanceSettingsTable).where(eq(instanceSettingsTable.key, key));
  if (typeof row?.value !== "string") throw new Error(`instance setting ${key} is missing or not a string`);
  return row.value;
}

/**
 * Generated project keys are derived from a random seed kept in the store (HMAC per project and
 * kind), so every instance can hand the app project's keys to the app API and /config.json while
 * the key table itself holds hashes only. Keys given by STACK_* variables are used as they are.
 */
function deriveKey(seed: string, projectId: string, kind: KeyKind): string {
  const mac = createHmac("sha512", seed).update(`${projectId}:${kind}`).digest();
  let body = "";
  for (let i = 0; i < 45; i++) body += CROCKFORD[(mac[i] ?? 0) & 31];
  return KEY_PREFIX[kind] + body;
}

/** Makes sure the project's active key of `kind` is exactly `key` (env values may change between starts). */
async function ensureKey(store: Store, projectId: string, kind: KeyKind, key: string): Promise<void> {
  const keyHash = sha256(key);
  const active = await store.db
    .select()
    .from(authApiKeysTable)
    .where(
      and(
        eq(authApiKeysTable.projectId, projectId),
        eq(authApiKeysTable.kind, kind),
        isNull(authApiKeysTable.revokedAt),
      ),
    );
  if (active.some((row) => row.keyHash === keyHash)) return;
  await store.db.transaction(async (tx) => {
    for (const row of active) {
      await tx.update(authApiKeysTable).set({ revokedAt: new Date() }).where(eq(authApiKeysTable.id, row.id));
    }
    await tx.insert(authApiKeysTable).values({ projectId, kind, keyHash, description: "seeded at start" });
  });
}

async function upsertProject(store: Store, project: Project, consoleOrigin: string | null): Promise<void> {
  await store.db.transaction(async (tx) => {
    const created = await tx
      .insert(authProjectsTable)
      .values({
        id: project.id,
        displayName: project.displayName,
        config: project.config,
        isProductionMode: project.isProductionMode,
      })
      .onConflictDoNothing({ target: authProjectsTable.id })
      .returning({ id: authProjectsTable.id });
    // Only a new project: an existing one keeps the definitions its admins shaped (or deleted).
    if (created.length) await seedDefaultPermissionDefinitions(tx, project.id);
  });
  // An existing project keeps what an admin changed; only the environment's own facts are
  // merged in: NODE_ENV=production turns production on. Starts before issue 37 listed the
  // console's own origin among the domains; it is trusted without that (policy/trusted-domains.ts),
  // and Stack's answers list only what an admin added, so that seeded entry is taken out again.
  const [row] = await store.db.select().from(authProjectsTable).where(eq(authProjectsTable.id, project.id));
  if (!row) return;
  const stored = withDefaults(row.config);
  const domains = stored.domains.filter((d) => !(d.domain === consoleOrigin && d.handler_path === "/handler"));
  const production = row.isProductionMode || project.isProductionMode;
  if (domains.length === stored.domains.length && production === row.isProductionMode) return;
  await store.db
    .update(authProjectsTable)
    .set({ config: { ...stored, domains }, isProductionMode: production })
    .where(eq(authProjectsTable.id, project.id));
}

/** A stored config with settings added since it was written filled in from the defaults. */
export function withDefaults(stored: unknown): ProjectConfig {
  return { ...defaultConfig(), ...(stored as Partial<ProjectConfig>) };
}

function appProjectKeys(config: Config, seed: string, projectId: string): AppProjectKeys {
  return {
    projectId,
    publishableClientKey: config.STACK_PUBLISHABLE_CLIENT_KEY ?? deriveKey(seed, projectId, "publishable_client"),
    secretServerKey: config.STACK_SECRET_SERVER_KEY ?? deriveKey(seed, projectId, "secret_server"),
    superSecretAdminKey: config.STACK_SUPER_SECRET_ADMIN_KEY ?? deriveKey(seed, projectId, "super_secret_admin"),
  };
}

/** The app project's keys of an already seeded store (tests and tools that did not start the service). */
export async function loadAppProjectKeys(store: Store, config: Config): Promise<AppProjectKeys> {
  const seed = await getOrCreateSetting(store, SETTING_KEY_SEED, () => randomToken(64));
  const projectId =
    config.STACK_PROJECT_ID ?? (await getOrCreateSetting(store, SETTING_APP_PROJECT_ID, () => randomUUID()));
  return appProjectKeys(config, seed, projectId);
}

/** The `internal` project's generated keys (tests, and tools that act as Stack's dashboard seed). */
export async function loadInternalProjectKeys(store: Store): Promise<AppProjectKeys> {
  const seed = await getOrCreateSetting(store, SETTING_KEY_SEED, () => randomToken(64));
  return {
    projectId: INTERNAL_PROJECT_ID,
    publishableClientKey: deriveKey(seed, INTERNAL_PROJECT_ID, "publishable_client"),
    secretServerKey: deriveKey(seed, INTERNAL_PROJECT_ID, "secret_server"),
    superSecretAdminKey: deriveKey(seed, INTERNAL_PROJECT_ID, "super_secret_admin"),
  };
}

export interface SeedResult {
  appProject: AppProjectKeys;
  internalProjectId: string;
}

/**
 * Seeds the `internal` project and the app's own project on every start. Settings that follow
 * from the environment (production mode) are refreshed; keys are created once.
 */
export async function seedProjects(store: Store, config: Config): Promise<SeedResult> {
  // The SDK constructor throws for any project id that is not a UUID (or "internal").
  if (config.STACK_PROJECT_ID && !SDK_PROJECT_ID.test(config.STACK_PROJECT_ID)) {
    throw new Error(
      `STACK_PROJECT_ID must be a UUID (the Stack SDK accepts nothing else), got "${config.STACK_PROJECT_ID}"`,
    );
  }
  const seed = await getOrCreateSetting(store, SETTING_KEY_SEED, () => randomToken(64));
  const appProjectId =
    config.STACK_PROJECT_ID ?? (await getOrCreateSetting(store, SETTING_APP_PROJECT_ID, () => randomUUID()));
  const isProductionMode = config.NODE_ENV === "production";
  const consoleOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  const oauthProviders = [{ id: "github" }, { id: "google" }];

  // Sign-up to the internal project stays closed until an operator opens it (with its admin
  // key): whoever signs up there may run projects (see mayCreateProjects).
  await upsertProject(
    store,
    {
      id: INTERNAL_PROJECT_ID,
      displayName: "Stack Dashboard",
      isProductionMode,
      config: defaultConfig({ oauth_providers: oauthProviders, sign_up_enabled: false }),
    },
    consoleOrigin,
  );
  await upsertProject(
    store,
    {
      id: appProjectId,
      displayName: "App Console",
      isProductionMode,
      config: defaultConfig({ oauth_providers: oauthProviders }),
    },
    consoleOrigin,
  );

  await seedConsoleTeamRoles(store.db, appProjectId);

  for (const kind of Object.keys(KEY_PREFIX) as KeyKind[]) {
    await ensureKey(store, INTERNAL_PROJECT_ID, kind, deriveKey(seed, INTERNAL_PROJECT_ID, kind));
  }
  const appProject = appProjectKeys(config, seed, appProjectId);
  await ensureKey(store, appProjectId, "publishable_client", appProject.publishableClientKey);
  await ensureKey(store, appProjectId, "secret_server", appProject.secretServerKey);
  await ensureKey(store, appProjectId, "super_secret_admin", appProject.superSecretAdminKey);
  return { appProject, internalProjectId: INTERNAL_PROJECT_ID };
}

const PROJECT_CHANGED_CHANNEL = "auth_project_changed";

interface CachedProject {
  project: Project;
  keyHashes: Record<KeyKind, string[]>;
  loadedAt: number;
}

/**
 * Reads projects and their key hashes, cached for a few seconds; changes made through this
 * instance call invalidate() so they apply at once here.
 */
export class ProjectDirectory {
  private cache = new Map<string, CachedProject>();
  constructor(
    private store: Store,
    logger: Logger | null = null,
    private ttlMs = 5_000,
  ) {
    // Other instances announce their changes on the bus (LISTEN/NOTIFY on PostgreSQL). Without the
    // subscription, their changes reach this instance only when its cache entries expire.
    void store.bus
      .subscribe(PROJECT_CHANGED_CHANNEL, (projectId) => this.cache.delete(projectId))
      .catch((err: unknown) => logger?.warn({ err }, "could not follow other instances' project changes"));
  }

  /**
   * Drops the cached entry here at once and on every other instance through the bus, so an admin
   * change or a revoked key applies to the next request (not after the cache's few seconds).
   */
  async invalidate(projectId: string): Promise<void> {
    this.cache.delete(projectId);
    await this.store.bus.publish(PROJECT_CHANGED_CHANNEL, projectId);
  }

  async get(projectId: string): Promise<CachedProject | null> {
    const hit = this.cache.get(projectId);
    if (hit && Date.now() - hit.loadedAt < this.ttlMs) return hit;
    const [row] = await this.store.db.select().from(authProjectsTable).where(eq(authProjectsTable.id, projectId));
    if (!row) {
      this.cache.delete(projectId);
      return null;
    }
    const keys = await this.store.db
      .select()
      .from(authApiKeysTable)
      .where(and(eq(authApiKeysTable.projectId, projectId), isNull(authApiKeysTable.revokedAt)));
    const now = Date.now();
    const keyHashes: Record<KeyKind, string[]> = { publishable_client: [], secret_server: [], super_secret_admin: [] };
    for (const key of keys) {
      if (key.expiresAt && key.expiresAt.getTime() <= now) continue;
      keyHashes[key.kind].push(key.keyHash);
    }
    const entry: CachedProject = {
      project: {
        id: row.id,
        displayName: row.displayName,
        isProductionMode: row.isProductionMode,
        config: withDefaults(row.config),
      },
      keyHashes,
      loadedAt: now,
    };
    this.cache.set(projectId, entry);
    return entry;
  }
}
