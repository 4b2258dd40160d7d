import { and, eq, notLike, sql } from "drizzle-orm";
import { authProjectsTable, authWebhookEndpointsTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import type { Vault } from "../../lib/vault.ts";
import type { ProjectConfig } from "./projects.ts";

const SCOPE = "auth:project-credentials";
/** Marks a stored credential as sealed; a value without it was written in clear by an older version. */
const SEALED_PREFIX = "sealed:";

type Credential =
  | { kind: "smtp-password" }
  | { kind: "oauth-client-secret"; providerId: string }
  | { kind: "webhook-secret"; endpointId: string };

/** What a sealed value is bound to: the project and the setting, so a copy elsewhere does not open. */
function aadOf(projectId: string, credential: Credential): string {
  if (credential.kind === "smtp-password") return `${projectId}|smtp-password`;
  if (credential.kind === "oauth-client-secret") return `${projectId}|oauth-client-secret|${credential.providerId}`;
  return `${projectId}|webhook-secret|${credential.endpointId}`;
}

export const isSealedCredential = (value: string) => value.startsWith(SEALED_PREFIX);

/**
 * A project's stored credentials (its own SMTP server's password, its own OAuth clients' secrets,
 * its webhook endpoints' signing secrets) at rest: sealed under the instance's envelope encryption with a data key of their own (wrapped
 * by the master key, so `npm run secrets:rewrap` rotates them with everything else). The project
 * config keeps them sealed in memory too; only the code that uses one (the mailer, the webhook
 * dispatcher, the answer that shows a signing secret's last four characters) opens it.
 */
export class ProjectCredentials {
  constructor(private vault: Vault) {}

  private async seal(projectId: string, credential: Credential, plain: string): Promise<string> {
    return SEALED_PREFIX + (await this.vault.seal(SCOPE, plain, aadOf(projectId, credential)));
  }

  private async open(projectId: string, credential: Credential, stored: string): Promise<string> {
    if (!isSealedCredential(stored)) return stored;
    return this.vault.open(SCOPE, stored.slice(SEALED_PREFIX.length), aadOf(projectId, credential));
  }

  openSmtpPassword(projectId: string, stored: string): Promise<string> {
    return this.open(projectId, { kind: "smtp-password" }, stored);
  }

  openClientSecret(projectId: string, providerId: string, stored: string): Promise<string> {
    return this.open(projectId, { kind: "oauth-client-secret", providerId }, stored);
  }

  sealWebhookSecret(projectId: string, endpointId: string, secret: string): Promise<string> {
    return this.seal(projectId, { kind: "webhook-secret", endpointId }, secret);
  }

  openWebhookSecret(projectId: string, endpointId: string, stored: string): Promise<string> {
    return this.open(projectId, { kind: "webhook-secret", endpointId }, stored);
  }

  /**
   * `next` with every credential that is not the stored one sealed: what an admin typed arrives in
   * clear, what was left alone (or sent back masked) is already the stored sealed value.
   */
  async sealChanged(projectId: string, stored: ProjectConfig | null, next: ProjectConfig): Promise<ProjectConfig> {
    const sealed: ProjectConfig = { ...next };
    const email = next.email_config;
    if (email.type === "standard") {
      const before = stored?.email_config.type === "standard" ? stored.email_config.password : undefined;
      if (email.password !== before || !isSealedCredential(email.password)) {
        sealed.email_config = {
          ...email,
          password: await this.seal(projectId, { kind: "smtp-password" }, email.password),
        };
      }
    }
    sealed.oauth_providers = await Promise.all(
      next.oauth_providers.map(async (provider) => {
        const secret = provider.client_secret;
        if (secret === undefined) return provider;
        const before = stored?.oauth_providers.find((p) => p.id === provider.id)?.client_secret;
        if (secret === before && isSealedCredential(secret)) return provider;
        const credential: Credential = { kind: "oauth-client-secret", providerId: provider.id };
        return { ...provider, client_secret: await this.seal(projectId, credential, secret) };
      }),
    );
    return sealed;
  }

  /**
   * Seals what older versions stored in clear (at start-up); returns how many projects and webhook
   * endpoints changed. A row changed meanwhile (another instance, an admin) is left for the next start.
   */
  async sealLegacy(store: Store): Promise<number> {
    return (await this.sealLegacyProjects(store)) + (await this.sealLegacyWebhookSecrets(store));
  }

  private async sealLegacyWebhookSecrets(store: Store): Promise<number> {
    const t = authWebhookEndpointsTable;
    const rows = await store.db
      .select({ id: t.id, projectId: t.projectId, secret: t.secret })
      .from(t)
      .where(notLike(t.secret, `${SEALED_PREFIX}%`));
    let changed = 0;
    for (const row of rows) {
      const sealed = await this.sealWebhookSecret(row.projectId, row.id, row.secret);
      const updated = await store.db
        .update(t)
        .set({ secret: sealed })
        .where(and(eq(t.id, row.id), eq(t.secret, row.secret)))
        .returning({ id: t.id });
      changed += updated.length;
    }
    return changed;
  }

  private async sealLegacyProjects(store: Store): Promise<number> {
    const rows = await store.db
      .select({ id: authProjectsTable.id, config: authProjectsTable.config })
      .from(authProjectsTable);
    let changed = 0;
    for (const row of rows) {
      const config = row.config as ProjectConfig;
      const inClear =
        (config.email_config?.type === "standard" && !isSealedCredential(config.email_config.password ?? "")) ||
        (config.oauth_providers ?? []).some(
          (p) => p.client_secret !== undefined && !isSealedCredential(p.client_secret),
        );
      if (!inClear) continue;
      const normalised: ProjectConfig = {
        ...config,
        email_config:
          config.email_config?.type === "standard"
            ? { ...config.email_config, password: config.email_config.password ?? "" }
            : config.email_config,
        oauth_providers: config.oauth_providers ?? [],
      };
      // Against itself: the values in clear differ from nothing but are unsealed, so they are sealed;
      // the ones already sealed are kept as they are.
      const sealed = await this.sealChanged(row.id, normalised, normalised);
      const updated = await store.db
        .update(authProjectsTable)
        .set({ config: sealed })
        .where(
          sql`${authProjectsTable.id} = ${row.id} and ${authProjectsTable.config} = ${JSON.stringify(row.config)}::jsonb`,
        )
        .returning({ id: authProjectsTable.id });
      changed += updated.length;
    }
    return changed;
  }
}
