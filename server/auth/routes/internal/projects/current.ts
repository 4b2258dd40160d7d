import { eq } from "drizzle-orm";
import { z } from "zod";
import { smtpConfigSchema } from "../../../../contract/auth-emails.ts";
import type { AdminProject } from "../../../../contract/auth-project.ts";
import { oidcProviderIdSchema, oidcSettingsSchema } from "../../../../contract/oidc-providers.ts";
import { authProjectsTable } from "../../../../db/schema/index.ts";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { EmailThemeStore } from "../../../mail/email-theme-store.ts";
import { isEmailTheme } from "../../../mail/email-themes.ts";
import { productionDomainProblem } from "../../../policy/trusted-domains.ts";
import { checkSsoRequirement, OPERATOR_HEADER } from "../../../social/sso-required.ts";
import { sortedById } from "../../../stores/permission-definitions.ts";
import type { OAuthProviderConfig, Project, ProjectConfig } from "../../../stores/projects.ts";
import { readBody } from "../../../wire/headers.ts";
import { inStackOrder } from "../../../wire/order.ts";
import {
  type DetailsInput,
  detailsColumns,
  detailsInput,
  loadProjectDetails,
  type ProjectDetails,
} from "./project-details.ts";

const permissionList = z.array(z.object({ id: z.string().min(1).max(100) }).strict()).max(100);

/** A tenant id (a GUID, `organizations`, `common`, `consumers`, a domain) or a configuration id. */
const providerExtra = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,100}$/, "must be letters, digits, dots, dashes or underscores");

/** The settings an admin may change; every key optional, unknown keys refused (nothing is silently dropped). */
export const configUpdate = z
  .object({
    sign_up_enabled: z.boolean(),
    credential_enabled: z.boolean(),
    magic_link_enabled: z.boolean(),
    passkey_enabled: z.boolean(),
    allow_localhost: z.boolean(),
    create_team_on_sign_up: z.boolean(),
    client_team_creation_enabled: z.boolean(),
    client_user_deletion_enabled: z.boolean(),
    team_creator_default_permissions: permissionList,
    team_member_default_permissions: permissionList,
    user_default_permissions: permissionList,
    allow_user_api_keys: z.boolean(),
    allow_team_api_keys: z.boolean(),
    oauth_account_merge_strategy: z.enum(["link_method", "raise_error", "allow_duplicates"]),
    email_theme: z.string().max(100),
    require_email_verification: z.boolean(),
    domains: z
      .array(
        z
          .object({
            domain: z
              .string()
              .min(1)
              .max(500)
              .refine((d) => /^https?:\/\//.test(d), {
                message: "URL must start with http:// or https://",
                params: { bare: true },
              }),
            handler_path: z.string().startsWith("/").max(500).default("/handler"),
          })
          .strict(),
      )
      .max(100),
    oauth_providers: z
      .array(
        z
          .object({
            id: z.string().min(1).max(50),
            type: z.enum(["shared", "standard"]).default("shared"),
            client_id: z.string().max(500).optional(),
            client_secret: z.string().min(1).max(1000).optional(),
            provider_config_id: z.string().optional(),
            /** Apple: the native apps' bundle ids (reverse-DNS), the audiences of their identity tokens. */
            apple_bundle_ids: z
              .array(
                z
                  .string()
                  .max(255)
                  .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, "must be a bundle ID such as com.example.app"),
              )
              .max(50)
              .optional(),
            /** A generic OpenID Connect provider: discovery at its issuer, with its own client. */
            oidc: oidcSettingsSchema.optional(),
            /** Stack's extras of two providers' own clients: Microsoft's tenant, Facebook's configuration. */
            microsoft_tenant_id: providerExtra.optional(),
            facebook_config_id: providerExtra.optional(),
          })
          .strict(),
      )
      .max(50),
    email_config: z.discriminatedUnion("type", [
      z.object({ type: z.literal("shared") }).strict(),
      // Username and password both required, as on Stack (a server without authentication takes
      // them empty); the password as the mask keeps the stored one.
      smtpConfigSchema.extend({ type: z.literal("standard") }).strict(),
    ]),
  })
  .partial()
  .strict();

const projectUpdate = z
  .object({
    display_name: z.string().trim().min(1).max(200),
    is_production_mode: z.boolean(),
    ...detailsInput,
    config: configUpdate,
  })
  .partial()
  .strict();

/**
 * Stands in for a stored OAuth client secret in answers: the SDK insists on a value for standard
 * providers, but a secret is never echoed; sending the mask back keeps the stored secret.
 */
export const SECRET_MASK = "********";

/** The admin view of a project: the whole config, with OAuth client secrets masked. */
export function renderAdminProject(project: Project, details: ProjectDetails): AdminProject {
  const { config } = project;
  return {
    id: project.id,
    display_name: project.displayName,
    description: details.description,
    created_at_millis: details.createdAt.getTime(),
    is_production_mode: project.isProductionMode,
    logo_url: details.logoUrl,
    logo_full_url: details.logoFullUrl,
    logo_dark_mode_url: details.logoDarkModeUrl,
    logo_full_dark_mode_url: details.logoFullDarkModeUrl,
    owner_team_id: details.ownerTeamId,
    onboarding_status: details.onboardingStatus,
    config: {
      sign_up_enabled: config.sign_up_enabled,
      credential_enabled: config.credential_enabled,
      magic_link_enabled: config.magic_link_enabled,
      passkey_enabled: config.passkey_enabled,
      allow_localhost: config.allow_localhost,
      create_team_on_sign_up: config.create_team_on_sign_up,
      client_team_creation_enabled: config.client_team_creation_enabled,
      client_user_deletion_enabled: config.client_user_deletion_enabled,
      allow_user_api_keys: config.allow_user_api_keys,
      allow_team_api_keys: config.allow_team_api_keys,
      oauth_account_merge_strategy: config.oauth_account_merge_strategy,
      team_creator_default_permissions: sortedById(config.team_creator_default_permissions),
      team_member_default_permissions: sortedById(config.team_member_default_permissions),
      user_default_permissions: sortedById(config.user_default_permissions),
      domains: inStackOrder(config.domains, (d) => d.domain).map(({ domain, handler_path }) => ({
        domain,
        handler_path,
      })),
      email_config:
        config.email_config.type === "standard"
          ? { ...config.email_config, password: SECRET_MASK }
          : { type: "shared" },
      email_theme: config.email_theme,
      oauth_providers: inStackOrder(config.oauth_providers, (p) => p.id).map((p) => ({
        id: p.id,
        provider_config_id: p.id,
        type: p.type ?? "shared",
        ...(p.type === "standard" ? { client_id: p.client_id ?? "", client_secret: SECRET_MASK } : {}),
        ...(p.apple_bundle_ids?.length ? { apple_bundle_ids: p.apple_bundle_ids } : {}),
        ...(p.microsoft_tenant_id ? { microsoft_tenant_id: p.microsoft_tenant_id } : {}),
        ...(p.facebook_config_id ? { facebook_config_id: p.facebook_config_id } : {}),
        ...(p.oidc ? { oidc: p.oidc } : {}),
      })),
      enabled_oauth_providers: inStackOrder(config.oauth_providers, (p) => p.id).map((p) => ({ id: p.id })),
    },
  };
}

/** In production mode every trusted domain must be an HTTPS URL that is not localhost or an IP. */
export function checkProductionDomains(domains: ProjectConfig["domains"]): void {
  for (const { domain } of domains) {
    const problem = productionDomainProblem(domain);
    if (problem) throw KnownErrors.schemaError(`In production mode, the domain ${domain} ${problem}.`);
  }
}

/** Providers as given, a masked or left-out secret keeping the stored one; standard needs id and secret. */
export function oauthProvidersFrom(
  input: NonNullable<z.infer<typeof configUpdate>["oauth_providers"]>,
  stored: ProjectConfig["oauth_providers"],
): ProjectConfig["oauth_providers"] {
  return input.map((p) => {
    const previous = stored.find((old) => old.id === p.id);
    const bundles = p.apple_bundle_ids ?? previous?.apple_bundle_ids;
    const apple = p.id === "apple" && bundles?.length ? { apple_bundle_ids: [...new Set(bundles)] } : {};
    if (p.apple_bundle_ids?.length && p.id !== "apple") {
      throw KnownErrors.schemaError(`apple_bundle_ids belong to the apple provider only, not to ${p.id}.`);
    }
    // An OpenID provider sent again without its settings (Stack's dashboard knows none) keeps them.
    const oidc = p.oidc ?? previous?.oidc;
    if (oidc) {
      const id = oidcProviderIdSchema.safeParse(p.id);
      if (!id.success) throw KnownErrors.schemaError(`The OpenID provider id ${p.id} ${id.error.issues[0]?.message}.`);
    }
    // An OpenID provider always has a client of its own: there is no shared one to fall back on.
    if (p.type === "shared" && !oidc) return { id: p.id, type: "shared", ...apple };
    const extras = providerExtras(p, previous);
    // A secret left out keeps the stored one, so the admin area never has to hold it.
    const given = p.client_secret === SECRET_MASK ? undefined : p.client_secret;
    const clientSecret = given ?? previous?.client_secret;
    if (!p.client_id || !clientSecret) {
      throw KnownErrors.schemaError(`The standard OAuth provider ${p.id} needs a client id and a client secret.`);
    }
    return {
      id: p.id,
      type: "standard",
      client_id: p.client_id,
      client_secret: clientSecret,
      ...apple,
      ...extras,
      ...(oidc ? { oidc } : {}),
    };
  });
}

/** Microsoft's tenant and Facebook's configuration id, on their own provider only; left out keeps the stored one. */
function providerExtras(
  p: { id: string; microsoft_tenant_id?: string; facebook_config_id?: string },
  previous: OAuthProviderConfig | undefined,
): Pick<OAuthProviderConfig, "microsoft_tenant_id" | "facebook_config_id"> {
  if (p.microsoft_tenant_id && p.id !== "microsoft")
    throw KnownErrors.schemaError(`microsoft_tenant_id belongs to the microsoft provider only, not to ${p.id}.`);
  if (p.facebook_config_id && p.id !== "facebook")
    throw KnownErrors.schemaError(`facebook_config_id belongs to the facebook provider only, not to ${p.id}.`);
  const tenant = p.microsoft_tenant_id ?? previous?.microsoft_tenant_id;
  const configId = p.facebook_config_id ?? previous?.facebook_config_id;
  return {
    ...(tenant && p.id === "microsoft" ? { microsoft_tenant_id: tenant } : {}),
    ...(configId && p.id === "facebook" ? { facebook_config_id: configId } : {}),
  };
}

/** The e-mail config as given; a standard one with the mask for its password keeps the stored password. */
export function emailConfigFrom(
  input: NonNullable<z.infer<typeof configUpdate>["email_config"]>,
  stored: ProjectConfig["email_config"],
): ProjectConfig["email_config"] {
  if (input.type === "shared") return { type: "shared" };
  const given = input.password === SECRET_MASK ? undefined : input.password;
  const password = given ?? (stored.type === "standard" ? stored.password : "");
  return { ...input, password };
}

export function keepDomainKeys(
  given: { domain: string; handler_path: string }[],
  stored: ProjectConfig["domains"],
): ProjectConfig["domains"] {
  return given.map((d) => {
    const key = stored.find((old) => old.domain === d.domain)?.key;
    return key ? { ...d, key } : d;
  });
}

export function registerInternalProjectCurrent(app: AuthApp, deps: AuthDeps): void {
  app.get("/internal/projects/current", projectAuth(deps, ["admin"]), async (c) => {
    const { project } = c.get("auth");
    return c.json(renderAdminProject(project, await loadProjectDetails(deps, project.id)));
  });

  app.patch("/internal/projects/current", projectAuth(deps, ["admin"]), async (c) => {
    const { project } = c.get("auth");
    const input = await readBody(c, projectUpdate);
    const { config: configInput = {}, display_name, is_production_mode, ...details } = input;
    const { oauth_providers: providerInput, email_config: emailInput, ...plainConfig } = configInput;
    const config: ProjectConfig = { ...project.config, ...plainConfig };
    // A domain given again keeps the key the config API names it by.
    if (plainConfig.domains) config.domains = keepDomainKeys(plainConfig.domains, project.config.domains);
    if (emailInput) config.email_config = emailConfigFrom(emailInput, project.config.email_config);
    if (providerInput) config.oauth_providers = oauthProvidersFrom(providerInput, project.config.oauth_providers);
    await checkSsoRequirement(deps, project, config, c.req.header(OPERATOR_HEADER));
    const updated = await saveProjectConfig(deps, project, config, {
      isProductionMode: is_production_mode,
      displayName: display_name,
      details,
    });
    return c.json(renderAdminProject(updated, await loadProjectDetails(deps, project.id)));
  });
}

/**
 * The one way a project's settings are written (the legacy project API and Stack's config API):
 * checks what a setting's value alone cannot tell, seals new credentials, stores, and drops the
 * cached project everywhere.
 */
export async function saveProjectConfig(
  deps: AuthDeps,
  project: Project,
  config: ProjectConfig,
  fields: { isProductionMode?: boolean; displayName?: string; details?: DetailsInput } = {},
): Promise<Project> {
  const isProductionMode = fields.isProductionMode ?? project.isProductionMode;
  if (isProductionMode) checkProductionDomains(config.domains);
  // A built-in theme, or one the project created (/internal/email-themes).
  if (
    !isEmailTheme(config.email_theme) &&
    !(await new EmailThemeStore(deps.ctx.store).exists(project.id, config.email_theme))
  )
    throw KnownErrors.schemaError("Invalid email theme");
  const displayName = fields.displayName ?? project.displayName;
  // What an admin typed arrives in clear; it is stored (and cached) only sealed.
  const sealed = await deps.credentials.sealChanged(project.id, project.config, config);
  const details = fields.details ? await detailsColumns(deps, project.id, fields.details) : {};
  await deps.ctx.store.db
    .update(authProjectsTable)
    .set({ ...details, config: sealed, isProductionMode, displayName })
    .where(eq(authProjectsTable.id, project.id));
  await deps.projects.invalidate(project.id);
  return { ...project, displayName, isProductionMode, config: sealed };
}
