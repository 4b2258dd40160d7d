import type { RuntimeConfig } from "@contract/runtime-config";
import { StackClientApp } from "@stackframe/react";
import { i18n } from "@/lib/i18n";
import { AUTH_URLS } from "./auth-urls";
import { currentImpersonation } from "./impersonation";

/**
 * The auth service writes its mails (verification, reset, sign-in code, invitation) in the
 * language of the request that caused them. The SDK sends no cookies, so the page's language goes
 * as Accept-Language. The SDK spreads this very object into every request, so a language switch
 * reaches the next one.
 */
const languageHeaders: Record<string, string> = {};
const followLanguage = () => {
  if (i18n.locale) languageHeaders["accept-language"] = i18n.locale;
};
followLanguage();
i18n.on("change", followLanguage);

/**
 * The official SDK, configured for a Vite app: `baseUrl` must be explicit (there is no
 * process.env in the browser), and tokens live in cookies so the same-origin API can read them.
 * An impersonation tab keeps its tokens in this tab alone (the SDK's memory store, seeded from the
 * hand-over): cookies are shared by every tab, and the operator's own session lives in them.
 * Analytics stay off: its event tracker would sign visitors up as anonymous users (trap 7 of
 * the wire notes), and the dev tool would put its own button on the page.
 */
export function createStackClient(config: RuntimeConfig, redirect: (url: string) => void) {
  const impersonation = currentImpersonation();
  const app = new StackClientApp({
    baseUrl: config.authBaseUrl,
    projectId: config.projectId,
    ...(config.publishableClientKey ? { publishableClientKey: config.publishableClientKey } : {}),
    tokenStore: impersonation
      ? { accessToken: impersonation.accessToken, refreshToken: impersonation.refreshToken }
      : "cookie",
    extraRequestHeaders: languageHeaders,
    urls: AUTH_URLS,
    redirectMethod: { useNavigate: () => redirect, navigate: redirect },
    devTool: false,
    analytics: { enabled: false },
  });
  // The SDK warns on every sign-in page that no bot-challenge (Turnstile) site key is set, a
  // setting of Stack's hosted service that this auth service has no use for: it does not ask for
  // a challenge. Marking the warning as given keeps the console clean without changing behaviour.
  (app as unknown as { _botChallengeSiteKeysWarned?: boolean })._botChallengeSiteKeysWarned = true;
  return app;
}

export type StackClient = ReturnType<typeof createStackClient>;
