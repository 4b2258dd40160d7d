import { isIP } from "node:net";
import type pg from "pg";
import type { HttpError } from "../../../lib/errors.ts";
import type { OutboundPolicy } from "../../../lib/outbound.ts";
import { apiError } from "../core/api-error.ts";

/**
 * URL parameters an external database may carry. Anything else is refused rather than handed to the
 * driver: `host`/`hostaddr` would pick another host (a socket path included) past the address check,
 * and `sslcert`, `sslkey`, `sslrootcert` make the driver read files of the server.
 */
const ALLOWED_PARAMETERS = new Set(["sslmode", "application_name", "connect_timeout", "options"]);
const SSL_MODES = new Set(["disable", "allow", "prefer", "require", "verify-ca", "verify-full", "no-verify"]);

function unsupported(message: string): HttpError {
  return apiError("SCHEMA_ERROR", message);
}

/**
 * The driver's configuration for an external database URL, connecting to the address the outbound
 * policy checked (the host name stays the TLS server name, so certificates are verified against it).
 * Throws OutboundRefused for an address the policy refuses, SCHEMA_ERROR for a URL it cannot take.
 */
export async function externalPostgresConfig(rawUrl: string, outbound: OutboundPolicy): Promise<pg.ClientConfig> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw unsupported("url is not a valid postgres:// URL.");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw unsupported("url must start with postgres:// or postgresql://.");
  }
  for (const name of url.searchParams.keys()) {
    if (!ALLOWED_PARAMETERS.has(name)) throw unsupported(`url parameter "${name}" is not supported.`);
  }
  const sslmode = url.searchParams.get("sslmode") ?? "disable"; // the driver's default: no TLS
  if (!SSL_MODES.has(sslmode)) throw unsupported(`sslmode "${sslmode}" is not supported.`);
  const host = decodeURIComponent(url.hostname).replace(/^\[|\]$/g, "");
  const { address } = await outbound.resolve(host);
  const tls = isIP(host) ? {} : { servername: host };
  const connectTimeout = Number(url.searchParams.get("connect_timeout"));
  const user = decodeURIComponent(url.username) || undefined;
  const password = decodeURIComponent(url.password);
  return {
    host: address,
    port: url.port ? Number(url.port) : 5432,
    user,
    // A function, never an empty value: given none, the driver would take the server's own
    // PGPASSWORD, then a password from the server's ~/.pgpass for this host, and offer it to a
    // database the tenant named. A URL without a password connects without one.
    password: () => password,
    // libpq's default, the user's name; left empty, the driver would take the server's PGDATABASE.
    database: decodeURIComponent(url.pathname.slice(1)) || user,
    // As the driver reads sslmode (it has no fallback to plain text): off, unverified, or verified TLS.
    ssl: sslmode === "disable" ? false : sslmode === "no-verify" ? { ...tls, rejectUnauthorized: false } : tls,
    application_name: url.searchParams.get("application_name") ?? undefined,
    options: url.searchParams.get("options") ?? undefined,
    ...(connectTimeout > 0 ? { connectionTimeoutMillis: Math.min(connectTimeout, 60) * 1000 } : {}),
  };
}
