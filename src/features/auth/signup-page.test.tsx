// @vitest-environment happy-dom
import type { RuntimeConfig } from "@contract/runtime-config";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorText } from "@/lib/errors/error-text";
import { loadErrorTexts } from "@/lib/errors/load-error-texts";
import { type Lang, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { signInOptionsQuery } from "./project-sign-in-options";
import { SignupPage } from "./signup-page";

afterEach(cleanup);

const NOTICE: Record<Lang, string> = {
  en: "This instance is not set up yet: no accounts can be created until its operator opens the setup link the server printed at its first start.",
  de: "Diese Instanz ist noch nicht eingerichtet: Konten können erst angelegt werden, wenn ihr Betreiber den Einrichtungslink öffnet, den der Server bei seinem ersten Start ausgegeben hat.",
};

function config(setupPending: boolean): RuntimeConfig {
  return {
    authBaseUrl: "http://console.test/auth",
    projectId: "00000000-0000-4000-8000-000000000002",
    locales: ["en", "de"],
    version: "0.0.0",
    developmentOAuthProviders: [],
    mail: "smtp",
    setupPending,
  };
}

/** The sign-up page with /config.json's answer and the project's sign-in options already at hand. */
function renderSignup(setupPending: boolean) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(["runtime-config"], config(setupPending));
  queryClient.setQueryData(signInOptionsQuery().queryKey, {
    credentialEnabled: true,
    magicLinkEnabled: false,
    passkeyEnabled: false,
    oauthProviders: [],
    developmentOAuthProviders: [],
    ssoProviders: [],
  });
  const root = createRootRoute({ component: SignupPage });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/"] }) });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe.each(["en", "de"] as const)("the sign-up page (%s)", (lang) => {
  it("says before anyone types that the instance waits for its operator's setup link", async () => {
    await useLang(lang);
    renderSignup(true);
    expect((await screen.findByTestId("setup-pending")).textContent).toBe(NOTICE[lang]);
    expect(screen.getByRole("status").textContent).toBe(NOTICE[lang]);
  });

  it("says nothing of it once the instance is set up", async () => {
    await useLang(lang);
    renderSignup(false);
    await screen.findByRole("button", { name: lang === "en" ? "Sign up" : "Registrieren" });
    expect(screen.queryByTestId("setup-pending")).toBeNull();
  });

  it("words the server's refusal the same way while setup is pending, and generally otherwise", async () => {
    await useLang(lang);
    await loadErrorTexts();
    const refused = { errorCode: "SIGN_UP_NOT_ENABLED" };
    expect(errorText(i18n, refused, undefined, "first-run")).toBe(NOTICE[lang]);
    expect(errorText(i18n, refused)).not.toBe(NOTICE[lang]);
  });
});
