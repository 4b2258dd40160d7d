import type { Config } from "./config.ts";
import type { Store } from "./db/store.ts";
import type { Logger } from "./lib/logger.ts";
import type { OutboundPolicy } from "./lib/outbound.ts";

/** What every service of the one process is built from. */
export interface ServiceContext {
  config: Config;
  store: Store;
  logger: Logger;
  /** External origin: PUBLIC_URL, or the local URL once the server listens. No trailing slash. */
  publicUrl(): string;
  /** Loopback origin of this process, for calls the server makes to itself (JWKS, server API). */
  localUrl(): string;
  /** Every connection made on a user's behalf asks this first (OUTBOUND_ALLOW). */
  outbound: OutboundPolicy;
}

/**
 * The Stack-compatible auth service the app API is a customer of: the embedded one, or any other
 * (STACK_BASE_URL). `baseUrl` is the SDK's baseUrl; the REST API lives under `${baseUrl}/api/v1`.
 */
export interface StackTarget {
  baseUrl(): string;
  projectId: string;
  publishableClientKey?: string;
  secretServerKey: string;
  /** Admin access for the operators' admin area; without it the admin area answers ADMIN_NOT_CONFIGURED. */
  superSecretAdminKey?: string;
}
