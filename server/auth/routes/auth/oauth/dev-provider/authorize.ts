import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { AuthApp, AuthDeps, AuthEnv } from "../../../../auth-env.ts";
import { randomToken, sha256 } from "../../../../crypto/secrets.ts";
import { devAccountId } from "../../../../social/dev-provider.ts";
import { readBody, readQuery } from "../../../../wire/headers.ts";
import { emailSchema } from "../../../../wire/schemas.ts";
import { consentPage, expiredPage } from "./consent-page.ts";
import { CONSENT_CSS } from "./consent-style.ts";
import { type ConsentLocale, consentLocale } from "./consent-texts.ts";

const lang = z.enum(["en", "de"]).optional().catch(undefined);
const pageQuery = z.object({ provider: z.string().max(50), state: z.string().max(500), lang });
const consent = z.object({
  provider: z.string().max(50),
  state: z.string().max(500),
  email: z.string().max(320).optional(),
  name: z.string().max(256).optional(),
  action: z.enum(["allow", "deny"]),
  lang,
});

/**
 * This browser at the development provider, like a session at GitHub: the account a consent makes
 * is bound to it, so another browser typing the same e-mail gets another (refused) account.
 */
const BROWSER_COOKIE = "dev-oauth-browser";
const BROWSER_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const PAGE_PATH = "/auth/oauth/dev-provider/authorize";
const STYLE_PATH = "/auth/oauth/dev-provider/consent.css";

/**
 * The development provider's consent page (registered only when DEV_OAUTH_PROVIDER switches it
 * on, and only used for providers without real credentials): pick the e-mail to sign in with,
 * then we redirect to our own callback with a one-time code, as GitHub or Google would. It never
 * vouches for the address: the account it names is unverified and never merged into another.
 */
export function registerDevProvider(app: AuthApp, deps: AuthDeps): void {
  const apiUrl = () => `${deps.baseUrl()}/api/v1`;
  const callbackUrl = (provider: string) => `${apiUrl()}/auth/oauth/callback/${provider}`;
  const devFlow = async (provider: string, state: string) => {
    const flow = await deps.flows.peek(state);
    if (!flow || flow.providerId !== provider || !deps.social.get(provider)?.isDevelopment) return null;
    return flow;
  };
  const localeOf = (c: Context<AuthEnv>, asked: ConsentLocale | undefined) =>
    consentLocale(asked, getCookie(c, "locale"), c.req.header("accept-language"));
  const pageUrls = (locale: ConsentLocale, provider: string, state: string) => {
    const other = new URL(`${apiUrl()}${PAGE_PATH}`);
    other.searchParams.set("provider", provider);
    other.searchParams.set("state", state);
    other.searchParams.set("lang", locale === "en" ? "de" : "en");
    return { locale, stylesheet: `${apiUrl()}${STYLE_PATH}`, otherLanguageUrl: other.toString() };
  };
  /**
   * No script, no inline style, no framing; the form may go to this server and, through its
   * redirects, to the app that asked (browsers check form-action along the redirect chain).
   */
  const pageHeaders = (c: Context<AuthEnv>, redirectUri?: string) => {
    const formTargets = ["'self'", ...(redirectUri ? [new URL(redirectUri).origin] : [])];
    c.header(
      "Content-Security-Policy",
      `default-src 'none'; style-src 'self'; img-src 'self'; form-action ${formTargets.join(" ")}; ` +
        "frame-ancestors 'none'; base-uri 'none'",
    );
    c.header("X-Frame-Options", "DENY");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
  };

  app.get(STYLE_PATH, (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Type", "text/css; charset=utf-8");
    return c.body(CONSENT_CSS);
  });

  app.get(PAGE_PATH, async (c) => {
    const { provider, state, lang: asked } = readQuery(c, pageQuery);
    const urls = pageUrls(localeOf(c, asked), provider, state);
    const flow = await devFlow(provider, state);
    pageHeaders(c, flow?.redirectUri);
    if (!flow) return c.html(expiredPage(urls), 400);
    return c.html(
      consentPage({ ...urls, provider, state, email: "developer@example.com", name: "Developer", emailError: false }),
    );
  });

  app.post(PAGE_PATH, async (c) => {
    const input = await readBody(c, consent);
    const urls = pageUrls(localeOf(c, input.lang), input.provider, input.state);
    const flow = await devFlow(input.provider, input.state);
    pageHeaders(c, flow?.redirectUri);
    if (!flow) return c.html(expiredPage(urls), 400);
    const target = new URL(callbackUrl(input.provider));
    target.searchParams.set("state", input.state);
    if (input.action === "deny") {
      target.searchParams.set("error", "access_denied");
      return c.redirect(target.toString(), 303);
    }
    const email = emailSchema.safeParse(input.email?.trim());
    if (!email.success) {
      const page = consentPage({
        ...urls,
        provider: input.provider,
        state: input.state,
        email: input.email ?? "",
        name: input.name ?? "",
        emailError: true,
      });
      return c.html(page, 400);
    }
    let browser = getCookie(c, BROWSER_COOKIE);
    if (!browser || !/^[0-9a-z]{32}$/.test(browser)) {
      browser = randomToken(32);
      setCookie(c, BROWSER_COOKIE, browser, {
        httpOnly: true,
        sameSite: "Lax",
        path: new URL(`${apiUrl()}/auth/oauth/dev-provider`).pathname,
        maxAge: BROWSER_COOKIE_MAX_AGE_S,
        secure: new URL(apiUrl()).protocol === "https:",
      });
    }
    const code = randomToken(45);
    await deps.flows.update(input.state, {
      ...flow,
      dev: {
        codeHash: sha256(code),
        identity: {
          accountId: devAccountId(input.provider, browser, email.data),
          email: email.data.toLowerCase(),
          // Nobody proved they own this address.
          emailVerified: false,
          displayName: input.name?.trim() || null,
          profileImageUrl: null,
        },
      },
    });
    target.searchParams.set("code", code);
    return c.redirect(target.toString(), 303);
  });
}
