import type { Context } from "hono";
import type { Config } from "../../config.ts";

/**
 * The caller's country (ISO 3166-1 alpha-2, upper case) as the reverse proxy named by
 * AUTH_COUNTRY_HEADER reports it, or null: without that setting (a client can send any header, so
 * none is believed), without the header, or with a value that is no country (Cloudflare's XX for
 * unknown, T1 for Tor).
 */
export function requestCountry(c: Context, config: Pick<Config, "AUTH_COUNTRY_HEADER">): string | null {
  if (!config.AUTH_COUNTRY_HEADER) return null;
  const value = c.req.header(config.AUTH_COUNTRY_HEADER)?.trim().toUpperCase() ?? "";
  return /^[A-Z]{2}$/.test(value) && value !== "XX" ? value : null;
}
