import { createHash } from "node:crypto";
import { z } from "zod";
import { KnownErrors } from "../errors/known-errors.ts";
import { defaultConfig, type ProjectConfig } from "../stores/projects.ts";

/**
 * Stack's config API (`/internal/config/override/{level}`) over this service's settings.
 *
 * Stack keeps a project's settings as layered overrides in a nested, camelCase vocabulary whose
 * keys may be written with dots (`"auth.allowSignUp": false`, `{"auth": {"allowSignUp": false}}`).
 * Here the settings are one `ProjectConfig` per project; this module renders it in Stack's
 * vocabulary, applies an override to that rendering with Stack's rule (a key replaces everything
 * at and below its path; left-out settings fall back to their defaults), and reads the result
 * back. Keys this service has no setting for are refused, so nothing is silently dropped.
 */

/** Stack's levels; this server has one branch, so the branch level is the environment level. */
export type ConfigLevel = "project" | "environment";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Stands in for stored secrets (SMTP password, OAuth client secrets) in every rendering. */
export const CONFIG_SECRET_MASK = "********";

const KEY = /^[a-zA-Z0-9_:$][a-zA-Z0-9_:$-]*$/;
const RECORD_ID = /^[a-zA-Z0-9_:$-]{1,100}$/;
const permissionIds = z.record(z.string().regex(/^\$?[a-z0-9_:]+$/), z.literal(true));

const signUpRule = z
  .object({
    enabled: z.boolean().optional(),
    displayName: z.string().max(200).optional(),
    priority: z.number().int().min(0).optional(),
    condition: z.string().max(10_000).optional(),
    action: z
      .object({
        type: z.enum(["allow", "reject", "restrict", "log"]),
        message: z.string().max(1000).optional(),
      })
      .strict(),
  })
  .strict();

const oauthProvider = z
  .object({
    type: z.string().min(1).max(50).optional(),
    isShared: z.boolean().optional(),
    clientId: z.string().max(500).optional(),
    clientSecret: z.string().max(1000).optional(),
    microsoftTenantId: z.string().max(100).optional(),
    facebookConfigId: z.string().max(100).optional(),
    allowSignIn: z.boolean().optional(),
    allowConnectedAccounts: z.boolean().optional(),
  })
  .strict();

const emailServer = z
  .object({
    isShared: z.boolean(),
    provider: z.literal("smtp").optional(),
    host: z.string().max(253).optional(),
    port: z.number().int().min(1).max(65_535).optional(),
    username: z.string().max(500).optional(),
    password: z.string().max(500).optional(),
    senderName: z.string().max(200).optional(),
    senderEmail: z.string().max(320).optional(),
  })
  .strict();

const record = <T extends z.ZodType>(entry: T) => z.record(z.string().regex(RECORD_ID), entry);

/** The environment level: every setting of a project but the project-level ones. */
const environmentShape = z
  .object({
    auth: z
      .object({
        allowSignUp: z.boolean(),
        password: z.object({ allowSignIn: z.boolean() }).strict(),
        otp: z.object({ allowSignIn: z.boolean() }).strict(),
        passkey: z.object({ allowSignIn: z.boolean() }).strict(),
        oauth: z
          .object({
            accountMergeStrategy: z.enum(["link_method", "raise_error", "allow_duplicates"]),
            providers: record(oauthProvider),
          })
          .strict(),
        signUpRules: record(signUpRule),
        signUpRulesDefaultAction: z.enum(["allow", "reject"]),
      })
      .strict(),
    domains: z
      .object({
        allowLocalhost: z.boolean(),
        trustedDomains: record(
          z
            .object({
              baseUrl: z.string().min(1).max(500).optional(),
              handlerPath: z.string().startsWith("/").max(500).optional(),
            })
            .strict(),
        ),
      })
      .strict(),
    teams: z.object({ createPersonalTeamOnSignUp: z.boolean(), allowClientTeamCreation: z.boolean() }).strict(),
    users: z.object({ allowClientUserDeletion: z.boolean() }).strict(),
    apiKeys: z.object({ enabled: z.object({ user: z.boolean(), team: z.boolean() }).strict() }).strict(),
    rbac: z
      .object({
        defaultPermissions: z
          .object({ teamCreator: permissionIds, teamMember: permissionIds, signUp: permissionIds })
          .strict(),
      })
      .strict(),
    emails: z.object({ server: emailServer, selectedThemeId: z.string().max(100) }).strict(),
    onboarding: z.object({ requireEmailVerification: z.boolean() }).strict(),
    dataVault: z
      .object({ stores: record(z.object({ displayName: z.string().max(200).optional() }).strict()) })
      .strict(),
    apps: z.object({ installed: record(z.object({ enabled: z.boolean() }).strict()) }).strict(),
  })
  .strict();

const projectShape = z
  .object({
    project: z.object({ requirePublishableClientKey: z.boolean() }).strict(),
  })
  .strict();

/** Paths whose value is a record keyed by the admin's own ids: defaults never add entries there. */
const RECORD_PATHS = new Set([
  "auth.oauth.providers",
  "auth.signUpRules",
  "domains.trustedDomains",
  "rbac.defaultPermissions.teamCreator",
  "rbac.defaultPermissions.teamMember",
  "rbac.defaultPermissions.signUp",
  "dataVault.stores",
  "apps.installed",
]);

const toIds = (list: { id: string }[]) => Object.fromEntries(list.map((p) => [p.id, true as const]));
const fromIds = (ids: Record<string, true>) => Object.keys(ids).map((id) => ({ id }));

/** A stable record key for a trusted domain (the legacy API keeps domains as a list). */
function domainKey(domain: string): string {
  return `domain-${createHash("sha256").update(domain).digest("hex").slice(0, 12)}`;
}

/** A project's settings in Stack's vocabulary, secrets masked unless `withSecrets`. */
export function renderConfig(config: ProjectConfig, level: ConfigLevel, withSecrets = false): JsonObject {
  if (level === "project") return { project: { requirePublishableClientKey: config.require_publishable_client_key } };
  const secret = (value: string | undefined) =>
    value === undefined ? undefined : withSecrets ? value : CONFIG_SECRET_MASK;
  const email = config.email_config;
  return JSON.parse(
    JSON.stringify({
      auth: {
        allowSignUp: config.sign_up_enabled,
        password: { allowSignIn: config.credential_enabled },
        otp: { allowSignIn: config.magic_link_enabled },
        passkey: { allowSignIn: config.passkey_enabled },
        oauth: {
          accountMergeStrategy: config.oauth_account_merge_strategy,
          providers: Object.fromEntries(
            config.oauth_providers.map((p) => [
              p.id,
              {
                type: p.id,
                isShared: (p.type ?? "shared") === "shared",
                clientId: p.client_id,
                clientSecret: secret(p.client_secret),
                microsoftTenantId: p.microsoft_tenant_id,
                facebookConfigId: p.facebook_config_id,
                allowSignIn: p.allow_sign_in ?? true,
                allowConnectedAccounts: p.allow_connected_accounts ?? true,
              },
            ]),
          ),
        },
        signUpRules: Object.fromEntries(
          Object.entries(config.sign_up_rules).map(([id, rule]) => [
            id,
            {
              enabled: rule.enabled,
              displayName: rule.display_name,
              priority: rule.priority,
              condition: rule.condition,
              action: rule.action,
            },
          ]),
        ),
        signUpRulesDefaultAction: config.sign_up_rules_default_action,
      },
      domains: {
        allowLocalhost: config.allow_localhost,
        trustedDomains: Object.fromEntries(
          config.domains.map((d) => [d.key ?? domainKey(d.domain), { baseUrl: d.domain, handlerPath: d.handler_path }]),
        ),
      },
      teams: {
        createPersonalTeamOnSignUp: config.create_team_on_sign_up,
        allowClientTeamCreation: config.client_team_creation_enabled,
      },
      users: { allowClientUserDeletion: config.client_user_deletion_enabled },
      apiKeys: { enabled: { user: config.allow_user_api_keys, team: config.allow_team_api_keys } },
      rbac: {
        defaultPermissions: {
          teamCreator: toIds(config.team_creator_default_permissions),
          teamMember: toIds(config.team_member_default_permissions),
          signUp: toIds(config.user_default_permissions),
        },
      },
      emails: {
        server:
          email.type === "standard"
            ? {
                isShared: false,
                provider: "smtp",
                host: email.host,
                port: email.port,
                username: email.username,
                password: secret(email.password),
                senderName: email.sender_name,
                senderEmail: email.sender_email,
              }
            : { isShared: true },
        selectedThemeId: config.email_theme,
      },
      onboarding: { requireEmailVerification: config.require_email_verification },
      dataVault: {
        stores: Object.fromEntries(
          Object.entries(config.data_vault_stores).map(([id, s]) => [id, { displayName: s.display_name }]),
        ),
      },
      apps: { installed: config.installed_apps },
    }),
  ) as JsonObject;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses `config_override_string`: a JSON object whose keys may be dotted paths. */
export function parseOverride(text: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw KnownErrors.schemaError("The config override is not valid JSON.");
  }
  if (!isObject(parsed)) throw KnownErrors.schemaError("The config override must be a JSON object.");
  const checkKeys = (value: Json, where: string) => {
    if (!isObject(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      if (!key.split(".").every((part) => KEY.test(part))) {
        throw KnownErrors.schemaError(`The config key ${where}${key} has characters a config key cannot have.`);
      }
      checkKeys(inner, `${where}${key}.`);
    }
  };
  checkKeys(parsed, "");
  return parsed;
}

/** Sets `value` at `path`, replacing whatever was there; null or undefined removes the entry. */
function setAt(target: JsonObject, path: string[], value: Json | undefined): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    if (value === null || value === undefined) delete target[head];
    else target[head] = structuredClone(value);
    return;
  }
  const next = target[head];
  const child: JsonObject = isObject(next) ? next : {};
  target[head] = child;
  setAt(child, rest, value);
}

const depth = (key: string) => key.split(".").length;
/** Stack applies an override's keys from the shallowest down, so `"a.b"` may reach into an `a` set beside it. */
const byDepth = (keys: string[]) => [...keys].sort((a, b) => depth(a) - depth(b));

/**
 * Sets an override key's value as Stack's rendering does: a dotted key reaches into a record's
 * entry (a trusted domain, a provider) only when that entry is there, set before it or beside it;
 * one that names a missing entry (`domains.trustedDomains.2.baseUrl` without a `2`) is dropped.
 * Through settings it makes the objects it needs, so an unknown setting still reaches the schema
 * check. Dotted keys inside the value follow the same rule; `at` is the value's own path.
 */
function place(target: JsonObject, at: string, key: string, value: Json | undefined): void {
  const parts = key.split(".");
  const last = parts.pop() as string;
  let here = target;
  let path = at;
  for (const part of parts) {
    const next = here[part];
    if (!isObject(next)) {
      if (next === undefined && RECORD_PATHS.has(path)) return;
      here[part] = {};
    }
    here = here[part] as JsonObject;
    path = path ? `${path}.${part}` : part;
  }
  if (value === null || value === undefined) {
    delete here[last];
    return;
  }
  here[last] = expand(value, path ? `${path}.${last}` : last);
}

/** A value's own dotted keys (`{a: {"b.c": 1}}`), resolved with place() inside it. */
function expand(value: Json, at: string): Json {
  if (!isObject(value)) return structuredClone(value);
  const out: JsonObject = {};
  for (const key of byDepth(Object.keys(value))) place(out, at, key, value[key] as Json);
  return out;
}

/** Fills settings the override left out from `defaults`, without adding entries to records. */
function fillDefaults(target: JsonObject, defaults: JsonObject, prefix = ""): void {
  for (const [key, fallback] of Object.entries(defaults)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const current = target[key];
    if (current === undefined) {
      target[key] = RECORD_PATHS.has(path) ? {} : structuredClone(fallback);
    } else if (isObject(current) && isObject(fallback) && !RECORD_PATHS.has(path)) {
      fillDefaults(current, fallback, path);
    }
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join(".");
      if (issue.code === "unrecognized_keys") {
        const keys = issue.keys.map((k) => (path ? `${path}.${k}` : k));
        return `  - ${keys.join(", ")}: not a setting of this server`;
      }
      return `  - ${path || "(root)"}: ${issue.message}`;
    })
    .join("\n");
}

/**
 * Applies an override to the rendered settings with Stack's rule and returns the result in
 * Stack's vocabulary, validated. `replace` starts from the defaults (PUT) instead of the current
 * settings (PATCH). Secrets sent back as the mask keep the stored values (see toProjectConfig).
 */
export function applyOverride(
  current: ProjectConfig,
  level: ConfigLevel,
  override: JsonObject,
  options: { replace?: boolean } = {},
): JsonObject {
  const base = renderConfig(options.replace ? baseline(current) : current, level, true);
  const defaults = renderConfig(baseline(current), level, true);
  for (const key of byDepth(Object.keys(override))) place(base, "", key, override[key] as Json);
  fillDefaults(base, defaults);
  const shape = level === "project" ? projectShape : environmentShape;
  const parsed = shape.safeParse(base);
  if (!parsed.success) {
    throw KnownErrors.schemaError(`The ${level} config override is not valid:\n${describeIssues(parsed.error)}`);
  }
  return base;
}

/** Removes settings by path (`reset-keys`): they fall back to their defaults. */
export function resetKeys(current: ProjectConfig, level: ConfigLevel, keys: string[]): JsonObject {
  const base = renderConfig(current, level, true);
  for (const key of keys) setAt(base, key.split("."), undefined);
  fillDefaults(base, renderConfig(baseline(current), level, true));
  return base;
}

/** What a setting falls back to: the defaults, keeping what is not this level's to change. */
function baseline(current: ProjectConfig): ProjectConfig {
  return {
    ...defaultConfig(),
    oauth_providers: [],
    require_publishable_client_key: current.require_publishable_client_key,
  };
}

/** Reads settings in Stack's vocabulary (as applyOverride returned them) back into a ProjectConfig. */
export function toProjectConfig(current: ProjectConfig, level: ConfigLevel, stack: JsonObject): ProjectConfig {
  if (level === "project") {
    const parsed = projectShape.parse(stack);
    return { ...current, require_publishable_client_key: parsed.project.requirePublishableClientKey };
  }
  const s = environmentShape.parse(stack);
  const keepSecret = (given: string | undefined, stored: string | undefined) =>
    given === CONFIG_SECRET_MASK ? stored : given;
  const oauth: ProjectConfig["oauth_providers"] = Object.entries(s.auth.oauth.providers).map(([id, p]) => {
    const stored = current.oauth_providers.find((old) => old.id === id);
    if (p.type !== undefined && p.type !== id) {
      throw KnownErrors.schemaError(`auth.oauth.providers.${id}: this server names a provider by its type.`);
    }
    const shared = p.isShared ?? true;
    const clientSecret = keepSecret(p.clientSecret, stored?.client_secret);
    if (!shared && (!p.clientId || !clientSecret)) {
      throw KnownErrors.schemaError(
        `auth.oauth.providers.${id}: a provider with its own keys needs clientId and clientSecret.`,
      );
    }
    return {
      id,
      type: shared ? "shared" : "standard",
      ...(shared ? {} : { client_id: p.clientId, client_secret: clientSecret }),
      ...(id === "microsoft" && p.microsoftTenantId ? { microsoft_tenant_id: p.microsoftTenantId } : {}),
      ...(id === "facebook" && p.facebookConfigId ? { facebook_config_id: p.facebookConfigId } : {}),
      allow_sign_in: p.allowSignIn ?? true,
      allow_connected_accounts: p.allowConnectedAccounts ?? true,
      // Stack's vocabulary has no OpenID settings: an OpenID provider keeps the ones it had.
      ...(stored?.oidc ? { oidc: stored.oidc } : {}),
    };
  });
  const server = s.emails.server;
  let email: ProjectConfig["email_config"] = { type: "shared" };
  if (!server.isShared) {
    const stored = current.email_config.type === "standard" ? current.email_config.password : undefined;
    const password = keepSecret(server.password, stored) ?? "";
    if (!server.host || !server.port || !server.senderName || !server.senderEmail) {
      throw KnownErrors.schemaError("emails.server: an own SMTP server needs host, port, senderName and senderEmail.");
    }
    email = {
      type: "standard",
      host: server.host,
      port: server.port,
      username: server.username ?? "",
      password,
      sender_name: server.senderName,
      sender_email: server.senderEmail,
    };
  }
  // The admin's key is kept (Stack's dashboard and API name domains by it); one derived from the
  // URL is not stored, so the legacy list API's domains keep theirs.
  const domains = Object.entries(s.domains.trustedDomains).flatMap(([key, d]) =>
    d.baseUrl
      ? [
          {
            domain: d.baseUrl,
            handler_path: d.handlerPath ?? "/handler",
            ...(key === domainKey(d.baseUrl) ? {} : { key }),
          },
        ]
      : [],
  );
  return {
    ...current,
    sign_up_enabled: s.auth.allowSignUp,
    credential_enabled: s.auth.password.allowSignIn,
    magic_link_enabled: s.auth.otp.allowSignIn,
    passkey_enabled: s.auth.passkey.allowSignIn,
    oauth_account_merge_strategy: s.auth.oauth.accountMergeStrategy,
    oauth_providers: oauth,
    sign_up_rules: Object.fromEntries(
      Object.entries(s.auth.signUpRules).map(([id, rule]) => [
        id,
        {
          enabled: rule.enabled ?? false,
          display_name: rule.displayName ?? "",
          priority: rule.priority ?? 0,
          condition: rule.condition ?? "",
          action: rule.action,
        },
      ]),
    ),
    sign_up_rules_default_action: s.auth.signUpRulesDefaultAction,
    allow_localhost: s.domains.allowLocalhost,
    domains,
    create_team_on_sign_up: s.teams.createPersonalTeamOnSignUp,
    client_team_creation_enabled: s.teams.allowClientTeamCreation,
    client_user_deletion_enabled: s.users.allowClientUserDeletion,
    allow_user_api_keys: s.apiKeys.enabled.user,
    allow_team_api_keys: s.apiKeys.enabled.team,
    team_creator_default_permissions: fromIds(s.rbac.defaultPermissions.teamCreator),
    team_member_default_permissions: fromIds(s.rbac.defaultPermissions.teamMember),
    user_default_permissions: fromIds(s.rbac.defaultPermissions.signUp),
    email_config: email,
    email_theme: s.emails.selectedThemeId,
    require_email_verification: s.onboarding.requireEmailVerification,
    data_vault_stores: Object.fromEntries(
      Object.entries(s.dataVault.stores).map(([id, store]) => [id, { display_name: store.displayName ?? id }]),
    ),
    installed_apps: s.apps.installed,
  };
}

/*
 * Stack's branch and environment levels. A project here has one branch, and Stack's answers for
 * one branch are: each level keeps its own override (GET override/{level} answers it, flat keys as
 * written), the branch level may not hold environment settings, and the environment level wins
 * where both set a key. The service's settings (ProjectConfig) are the result; every operation
 * below works on their rendering and names the keys it touched, so settings made through the
 * legacy project API stay as they are unless a key of the config API covers them.
 */

export type LayerLevel = "branch" | "environment";
export interface ConfigLayers {
  branch: JsonObject;
  environment: JsonObject;
}

/** Settings only the environment level holds (secrets and per-deployment values), as in Stack. */
const ENVIRONMENT_ONLY = [
  /^domains\.trustedDomains(\.|$)/,
  /^emails\.server(\.|$)/,
  /^auth\.oauth\.providers\.[^.]+\.(isShared|clientId|clientSecret|microsoftTenantId|facebookConfigId)$/,
];

const SECRET_PATHS = [/^auth\.oauth\.providers\.[^.]+\.clientSecret$/, /^emails\.server\.password$/];

export function layersOf(config: ProjectConfig): ConfigLayers {
  const stored = config.config_overrides;
  return {
    branch: (stored?.branch ?? {}) as JsonObject,
    environment: (stored?.environment ?? {}) as JsonObject,
  };
}

/** Every leaf path an override sets (dotted keys and nested objects alike). */
function leafPaths(value: Json, prefix: string): string[] {
  if (!isObject(value) || Object.keys(value).length === 0) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, prefix ? `${prefix}.${key}` : key));
}

/** Refuses an override at the branch level that sets an environment setting. */
export function checkBranchOverride(override: JsonObject): void {
  const refused = leafPaths(override, "").filter((path) => ENVIRONMENT_ONLY.some((re) => re.test(path)));
  if (refused.length > 0) {
    throw KnownErrors.schemaError(
      `The branch config override may not set ${refused.join(", ")}: only the environment level holds it.`,
    );
  }
}

const covers = (outer: string, inner: string) => inner === outer || inner.startsWith(`${outer}.`);

function getAt(target: Json | undefined, path: string[]): Json | undefined {
  let here: Json | undefined = target;
  for (const part of path) {
    if (!isObject(here)) return undefined;
    here = here[part];
  }
  return here;
}

/** Masks stored secrets in a layer (they are kept sealed in the settings, never in the record). */
function maskSecrets(layer: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(layer)) {
    const masked = structuredClone(value);
    for (const path of leafPaths(value, key)) {
      if (!SECRET_PATHS.some((re) => re.test(path))) continue;
      if (path === key) out[key] = CONFIG_SECRET_MASK;
      else setAt(masked as JsonObject, path.slice(key.length + 1).split("."), CONFIG_SECRET_MASK);
    }
    if (!(key in out)) out[key] = masked;
  }
  return out;
}

/** Stack's PATCH of a layer: each key replaces what the layer held at and below it. */
function mergeLayer(layer: JsonObject, override: JsonObject): JsonObject {
  const out = structuredClone(layer);
  for (const [key, value] of Object.entries(override)) {
    for (const existing of Object.keys(out)) if (covers(key, existing)) delete out[existing];
    const outer = Object.keys(out).find((existing) => covers(existing, key));
    const inner = outer ? out[outer] : undefined;
    if (outer && isObject(inner)) setAt(inner, key.slice(outer.length + 1).split("."), value);
    else out[key] = structuredClone(value);
  }
  return out;
}

/** Removes keys (and what lies below them) from a layer. */
function resetLayer(layer: JsonObject, keys: string[]): JsonObject {
  const out = structuredClone(layer);
  for (const key of keys) {
    for (const existing of Object.keys(out)) if (covers(key, existing)) delete out[existing];
    const outer = Object.keys(out).find((existing) => covers(existing, key));
    const inner = outer ? out[outer] : undefined;
    if (outer && isObject(inner)) setAt(inner, key.slice(outer.length + 1).split("."), undefined);
  }
  return out;
}

/** The value the rendering takes for `path` when no layer sets it (a path nothing holds stays absent). */
function restore(base: JsonObject, defaults: JsonObject, path: string) {
  const parts = path.split(".");
  const fallback = getAt(defaults, parts);
  if (fallback !== undefined) setAt(base, parts, fallback);
  else if (getAt(base, parts) !== undefined) setAt(base, parts, undefined);
}

function applyKey(base: JsonObject, layer: JsonObject, key: string) {
  place(base, "", key, layer[key] as Json);
}

/**
 * One operation of the config API at the branch or environment level: the new layers and the
 * settings' new rendering (validated), ready for toProjectConfig.
 */
export function applyLayered(
  current: ProjectConfig,
  level: LayerLevel,
  op:
    | { kind: "patch"; override: JsonObject }
    | { kind: "put"; override: JsonObject }
    | { kind: "reset"; keys: string[] },
): { layers: ConfigLayers; stack: JsonObject } {
  if (level === "branch" && op.kind !== "reset") checkBranchOverride(op.override);
  const old = layersOf(current);
  const layers: ConfigLayers = { ...old };
  const defaults = renderConfig(baseline(current), "environment", true);
  let base: JsonObject;
  const other = level === "branch" ? old.environment : old.branch;
  if (op.kind === "put" && level === "environment") {
    // Replacing the environment level starts from the defaults, with the branch level under it.
    layers.environment = maskSecrets(op.override);
    base = defaults;
    base = structuredClone(base);
    for (const key of byDepth(Object.keys(layers.branch))) applyKey(base, layers.branch, key);
    for (const key of byDepth(Object.keys(op.override))) applyKey(base, op.override, key);
  } else {
    base = renderConfig(current, "environment", true);
    const mine = level === "branch" ? old.branch : old.environment;
    const next =
      op.kind === "patch"
        ? mergeLayer(mine, op.override)
        : op.kind === "put"
          ? structuredClone(op.override)
          : resetLayer(mine, op.keys);
    const given = op.kind === "reset" ? {} : op.override;
    // Keys the level no longer sets fall back: to the branch's value under an environment key, else the default.
    const gone = op.kind === "reset" ? op.keys : op.kind === "put" ? Object.keys(mine).filter((k) => !(k in next)) : [];
    for (const path of gone) {
      if (level === "branch" && Object.keys(other).some((e) => covers(e, path))) continue;
      restore(base, defaults, path);
      if (level === "environment") {
        for (const key of byDepth(Object.keys(other))) {
          if (covers(key, path) || covers(path, key)) applyKey(base, other, key);
        }
      }
    }
    for (const key of byDepth(Object.keys(given))) {
      // The environment level wins where it sets the key (or one above it).
      if (level === "branch" && Object.keys(other).some((e) => covers(e, key))) continue;
      applyKey(base, given, key);
      if (level === "branch") {
        for (const e of byDepth(Object.keys(other))) if (covers(key, e)) applyKey(base, other, e);
      }
    }
    if (level === "branch") {
      // What the environment level set below a key the branch dropped is put back.
      for (const path of gone) {
        for (const e of byDepth(Object.keys(other))) if (covers(path, e)) applyKey(base, other, e);
      }
    }
    layers[level] = level === "environment" ? maskSecrets(next) : next;
  }
  fillDefaults(base, defaults);
  const parsed = environmentShape.safeParse(base);
  if (!parsed.success) {
    throw KnownErrors.schemaError(`The ${level} config override is not valid:\n${describeIssues(parsed.error)}`);
  }
  return { layers, stack: base };
}
