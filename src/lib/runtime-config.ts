import type { RuntimeConfig } from "@contract/runtime-config";
import { isLocale } from "./locale";

/**
 * Deployment settings served by the server, read once before the app renders. Checked by hand
 * against the contract's type rather than with zod, which would weigh on the first paint.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch("/config.json", { cache: "no-cache" });
  if (!response.ok) throw new Error(`Could not load /config.json: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const config = (value ?? {}) as Record<string, unknown>;
  const text = (key: string): string => {
    const field = config[key];
    if (typeof field !== "string") throw new Error(`/config.json: ${key} must be a string`);
    return field;
  };
  const key = config.publishableClientKey;
  if (key !== undefined && typeof key !== "string")
    throw new Error("/config.json: publishableClientKey must be a string");
  const locales = config.locales;
  if (!Array.isArray(locales) || !locales.every(isLocale)) throw new Error("/config.json: locales must list en/de");
  const development = config.developmentOAuthProviders ?? [];
  if (!Array.isArray(development) || !development.every((id) => typeof id === "string"))
    throw new Error("/config.json: developmentOAuthProviders must list provider ids");
  // Optional links (TERMS_URL, PRIVACY_URL): only http(s) addresses become links in the page.
  const link = (field: string): { [name: string]: string } => {
    const value = config[field];
    return typeof value === "string" && /^https?:\/\//.test(value) ? { [field]: value } : {};
  };
  return {
    ...link("termsUrl"),
    ...link("privacyUrl"),
    authBaseUrl: text("authBaseUrl"),
    projectId: text("projectId"),
    ...(key === undefined ? {} : { publishableClientKey: key }),
    locales,
    version: text("version"),
    developmentOAuthProviders: development,
    mail: config.mail === "outbox" || config.mail === "external" ? config.mail : "smtp",
    setupPending: config.setupPending === true,
  };
}

let pending: Promise<RuntimeConfig> | undefined;

/** The config, fetched once per page load. */
export function getRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= loadRuntimeConfig().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
