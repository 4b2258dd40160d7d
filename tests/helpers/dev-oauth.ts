import { createHash, randomBytes } from "node:crypto";
import type { StackClientApp } from "@stackframe/js";
import type { TestServer } from "./test-server.ts";

/**
 * The SDK's own OAuth code (its client interface: authorize URL, then the PKCE code exchange
 * through oauth4webapi). Only the browser parts (window.location, cookies) are played by the
 * helper: it follows the redirects and submits the development provider's consent page.
 */
interface SdkInternals {
  _interface: {
    getOAuthUrl(options: Record<string, unknown>): Promise<string>;
    callOAuthCallback(options: Record<string, unknown>): Promise<{
      newUser: boolean;
      accessToken: string;
      refreshToken: string;
      afterCallbackRedirectUrl: string | null;
    }>;
  };
  _getSession(): Promise<unknown>;
}

/** The browser's cookies for the development provider's pages: one jar is one browser. */
export class DevBrowser {
  private cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

export type DevSignInOutcome =
  | { ok: true; newUser: boolean; accessToken: string; refreshToken: string }
  /** Where the sequence stopped: the status, and the known-error code when the server named one. */
  | { ok: false; step: "authorize" | "consent page" | "consent" | "callback"; status: number; code: string | null };

export interface DevSignInOptions {
  provider: string;
  email: string;
  type?: "authenticate" | "link";
  providerScope?: string;
  /** Defaults to a fresh browser (no cookies). */
  browser?: DevBrowser;
  name?: string;
}

/**
 * Runs the whole sign-in through the development provider as a browser would, and reports the
 * first step that was refused instead of throwing, so a test can assert where (and that) it stops.
 */
export async function devProviderSignIn(
  server: TestServer,
  app: StackClientApp<true>,
  options: DevSignInOptions,
): Promise<DevSignInOutcome> {
  const browser = options.browser ?? new DevBrowser();
  const internals = app as unknown as SdkInternals;
  const codeVerifier = randomBytes(48).toString("base64url");
  const codeChallenge = createHash("sha256").update(codeVerifier).digest("base64url");
  const state = randomBytes(16).toString("base64url");
  const redirectUrl = `${server.url}/handler/oauth-callback`;
  const authorizeUrl = new URL(
    await internals._interface.getOAuthUrl({
      provider: options.provider,
      redirectUrl,
      errorRedirectUrl: `${server.url}/handler/error`,
      codeChallenge,
      state,
      type: options.type ?? "authenticate",
      providerScope: options.providerScope,
      session: await internals._getSession(),
    }),
  );
  authorizeUrl.searchParams.set("stack_response_mode", "json");
  const authorize = await fetch(authorizeUrl);
  if (authorize.status !== 200) {
    return {
      ok: false,
      step: "authorize",
      status: authorize.status,
      code: authorize.headers.get("x-stack-known-error"),
    };
  }
  const { location } = (await authorize.json()) as { location: string };

  const consentPage = await fetch(location, { headers: { cookie: browser.header() } });
  browser.keep(consentPage);
  if (consentPage.status !== 200) return { ok: false, step: "consent page", status: consentPage.status, code: null };
  const consentUrl = new URL(location);
  const consent = await fetch(consentUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: browser.header(), origin: server.url },
    body: new URLSearchParams({
      provider: options.provider,
      state: consentUrl.searchParams.get("state") ?? "",
      email: options.email,
      name: options.name ?? "Dev Person",
      action: "allow",
    }),
  });
  browser.keep(consent);
  if (consent.status !== 303) return { ok: false, step: "consent", status: consent.status, code: null };
  const callback = await fetch(consent.headers.get("location") ?? "", { redirect: "manual" });
  const back = new URL(callback.headers.get("location") ?? redirectUrl);
  if (callback.status !== 303 || back.searchParams.has("error") || back.origin + back.pathname !== redirectUrl) {
    return { ok: false, step: "callback", status: callback.status, code: back.searchParams.get("errorCode") };
  }
  if (back.searchParams.get("state") !== state) throw new Error("the callback came back with another state");
  const tokens = await internals._interface.callOAuthCallback({
    oauthParams: back.searchParams,
    redirectUri: redirectUrl,
    codeVerifier,
    state,
  });
  return { ok: true, ...tokens };
}

/** The tokens of a sign-in that must have worked (fails with where it stopped otherwise). */
export function signedIn(outcome: DevSignInOutcome) {
  if (!outcome.ok) throw new Error(`development sign-in stopped at ${outcome.step}: ${outcome.status} ${outcome.code}`);
  return outcome;
}
