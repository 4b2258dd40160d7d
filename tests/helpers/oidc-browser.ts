import { createHash, randomBytes } from "node:crypto";
import type { StackClientApp } from "@stackframe/js";
import type { TestServer } from "./test-server.ts";

/** The SDK's OAuth internals (as in dev-oauth.ts): the authorize URL, then its PKCE code exchange. */
interface SdkInternals {
  _interface: {
    getOAuthUrl(options: Record<string, unknown>): Promise<string>;
    callOAuthCallback(options: Record<string, unknown>): Promise<{
      newUser: boolean;
      accessToken: string;
      refreshToken: string;
    }>;
  };
  _getSession(): Promise<unknown>;
}

/** A cookie jar that ignores paths: one jar is one browser. */
class Jar {
  private cookies = new Map<string, string>();
  header = () => [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

export type OidcSignInOutcome =
  | { ok: true; newUser: boolean; accessToken: string; refreshToken: string }
  | { ok: false; step: "authorize" | "provider" | "callback"; status: number; code: string | null };

export interface OidcSignInOptions {
  provider: string;
  username: string;
  password: string;
  type?: "authenticate" | "link";
  /** What an attacker between the browser and the provider changes. */
  tamper?: {
    /** The authorization request goes out with another nonce (a code minted for another sign-in). */
    nonce?: string;
    /** The provider's answer names another issuer (RFC 9207 `iss`). */
    iss?: string;
  };
  /** Called with our callback URL (code and state) before the browser follows it. */
  onCallbackUrl?: (url: string) => void;
  /** Called with our callback's answer (its redirect, with its cookies). */
  onCallbackResponse?: (response: Response) => void;
}

/** Follows redirects by hand, keeping cookies, until a URL outside the provider's origin. */
async function follow(jar: Jar, start: string, providerOrigin: string, body?: URLSearchParams) {
  let response = await fetch(start, {
    method: body ? "POST" : "GET",
    redirect: "manual",
    headers: { cookie: jar.header(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body,
  });
  let url = start;
  for (let hops = 0; hops < 10; hops++) {
    jar.keep(response);
    const location = response.headers.get("location");
    if (!location || response.status < 300 || response.status >= 400) return { url, response };
    url = new URL(location, url).toString();
    if (new URL(url).origin !== providerOrigin) return { url, response };
    response = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
  }
  throw new Error("too many redirects");
}

/**
 * A whole sign-in through an OpenID provider as a browser makes it: the SDK's authorize URL, the
 * provider's login form (username and password), the redirect back to our callback, and the SDK's
 * code exchange. Reports the step that was refused instead of throwing.
 */
export async function oidcSignIn(
  server: TestServer,
  app: StackClientApp<true>,
  options: OidcSignInOptions,
): Promise<OidcSignInOutcome> {
  const internals = app as unknown as SdkInternals;
  const jar = new Jar();
  const codeVerifier = randomBytes(48).toString("base64url");
  const state = randomBytes(16).toString("base64url");
  const redirectUrl = `${server.url}/handler/oauth-callback`;
  const authorizeUrl = new URL(
    await internals._interface.getOAuthUrl({
      provider: options.provider,
      redirectUrl,
      errorRedirectUrl: `${server.url}/handler/error`,
      codeChallenge: createHash("sha256").update(codeVerifier).digest("base64url"),
      state,
      type: options.type ?? "authenticate",
      session: await internals._getSession(),
    }),
  );
  authorizeUrl.searchParams.set("stack_response_mode", "json");
  const authorize = await fetch(authorizeUrl);
  if (authorize.status !== 200) {
    const body = (await authorize.json().catch(() => ({}))) as { code?: string };
    const code = authorize.headers.get("x-stack-known-error") ?? body.code ?? null;
    return { ok: false, step: "authorize", status: authorize.status, code };
  }
  const location = new URL(((await authorize.json()) as { location: string }).location);
  if (options.tamper?.nonce) location.searchParams.set("nonce", options.tamper.nonce);
  const providerOrigin = location.origin;
  const loginForm = await follow(jar, location.toString(), providerOrigin);
  if (loginForm.response.status !== 200)
    return { ok: false, step: "provider", status: loginForm.response.status, code: null };
  const signedIn = await follow(
    jar,
    loginForm.url,
    providerOrigin,
    new URLSearchParams({ username: options.username, password: options.password }),
  );
  const callbackUrl = new URL(signedIn.url);
  if (new URL(callbackUrl).origin === providerOrigin) {
    return { ok: false, step: "provider", status: signedIn.response.status, code: null };
  }
  if (options.tamper?.iss) callbackUrl.searchParams.set("iss", options.tamper.iss);
  options.onCallbackUrl?.(callbackUrl.toString());
  const callback = await fetch(callbackUrl, { redirect: "manual" });
  options.onCallbackResponse?.(callback);
  const back = new URL(callback.headers.get("location") ?? redirectUrl);
  if (callback.status !== 303 || back.searchParams.has("error") || back.origin + back.pathname !== redirectUrl) {
    return {
      ok: false,
      step: "callback",
      status: callback.status,
      code: back.searchParams.get("errorCode") ?? callback.headers.get("x-stack-known-error"),
    };
  }
  const tokens = await internals._interface.callOAuthCallback({
    oauthParams: back.searchParams,
    redirectUri: redirectUrl,
    codeVerifier,
    state,
  });
  return { ok: true, ...tokens };
}
