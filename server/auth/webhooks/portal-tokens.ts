import { createHmac, timingSafeEqual } from "node:crypto";
import type { Store } from "../../db/store.ts";
import { randomToken } from "../crypto/secrets.ts";
import { getOrCreateSetting } from "../stores/projects.ts";

const SETTING_KEY = "webhook_portal_token_key";
const PREFIX = "whp_";
/** As long as a webhook page stays open in practice; the page asks for a new one when it expires. */
export const PORTAL_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Tokens for the webhook portal, the part of the admin area that reads a project's webhook
 * endpoints and delivery log. Stack hands out a Svix app-portal token at POST /webhooks/svix-token;
 * ours is the same idea without Svix: short-lived, one project, read-only, so it can be used
 * without the admin key. Stateless (an HMAC over project and expiry with an instance-wide key
 * in the store), so every instance accepts what any instance issued.
 */
export class WebhookPortalTokens {
  private key: Promise<string> | null = null;

  constructor(private store: Store) {}

  private secret(): Promise<string> {
    this.key ??= getOrCreateSetting(this.store, SETTING_KEY, () => randomToken(64));
    return this.key;
  }

  private async mac(payload: string): Promise<Buffer> {
    return createHmac("sha256", await this.secret())
      .update(payload)
      .digest();
  }

  async issue(projectId: string, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = now + PORTAL_TOKEN_LIFETIME_MS;
    const payload = Buffer.from(JSON.stringify({ p: projectId, e: expiresAt })).toString("base64url");
    return { token: `${PREFIX}${payload}.${(await this.mac(payload)).toString("base64url")}`, expiresAt };
  }

  /** The project a token was issued for, or null when it is forged, malformed or expired. */
  async verify(token: string, now = Date.now()): Promise<string | null> {
    if (!token.startsWith(PREFIX)) return null;
    const [payload, signature, extra] = token.slice(PREFIX.length).split(".");
    if (!payload || !signature || extra !== undefined) return null;
    const expected = await this.mac(payload);
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const { p, e } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { p?: unknown; e?: unknown };
      return typeof p === "string" && typeof e === "number" && e > now ? p : null;
    } catch {
      return null;
    }
  }
}
