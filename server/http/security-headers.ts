import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./env.ts";

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: https there means the console is served over HTTPS, whatever a proxy forwards. */
  publicUrl?: string;
  /** An external Stack Auth (STACK_BASE_URL): the SDK in the browser talks to it. */
  authBaseUrl?: string;
  /** Behind a proxy (TRUST_PROXY): X-Forwarded-Proto tells whether the browser used HTTPS. */
  trustProxy: boolean;
}

const ROUTE_TIGHTENED = ["content-security-policy", "referrer-policy"];
const HSTS = "max-age=31536000; includeSubDomains";
const DOCUMENT_ONLY = [
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/**
 * Security headers on every answer: the web app, both APIs and the development provider's page.
 *
 * The policy fits what the app loads: its own scripts only (no inline script, no eval; the service
 * worker registers from a file), Monaco's editor worker from the bundle, styles from the bundle plus
 * inline style attributes and the <style> elements Monaco and the UI primitives inject at run time,
 * images from the app, data:/blob: and https (profile pictures of OAuth providers; avatars are
 * inline SVG), and connections to itself (fetch and the socket) and to an external auth service.
 * Nothing may frame any page (frame-ancestors, X-Frame-Options), so no button can be clicked through
 * a frame. HSTS only when the request came over HTTPS or PUBLIC_URL is https.
 */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler<AppEnv> {
  const connectSrc = ["'self'"];
  if (options.authBaseUrl) connectSrc.push(new URL(options.authBaseUrl).origin);
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc,
      workerSrc: ["'self'", "blob:"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "same-origin",
    crossOriginOpenerPolicy: "same-origin",
    // The auth API answers SDKs of other origins (with CORS); a resource policy would add nothing.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  const publicHttps = options.publicUrl?.startsWith("https://") ?? false;
  return async (c, next) => {
    // A route may tighten these for its own page (the development provider's consent page allows no
    // script at all); hono's middleware writes its defaults after the route, so restore the route's.
    const own = new Map<string, string>();
    await headers(c, async () => {
      await next();
      for (const name of ROUTE_TIGHTENED) {
        const value = c.res.headers.get(name);
        if (value) own.set(name, value);
      }
    });
    for (const [name, value] of own) c.res.headers.set(name, value);
    // JSON answers of the auth API are read by SDKs, never rendered: headers that only govern a
    // rendered document add nothing there, and the auth API answers with exactly Stack's header set.
    if (c.req.path.startsWith("/auth/api/")) for (const name of DOCUMENT_ONLY) c.res.headers.delete(name);
    const forwarded = options.trustProxy ? c.req.header("x-forwarded-proto")?.split(",").at(-1)?.trim() : undefined;
    if (publicHttps || new URL(c.req.url).protocol === "https:" || forwarded === "https") {
      c.res.headers.set("Strict-Transport-Security", HSTS);
    }
  };
}
