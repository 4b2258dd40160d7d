import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { signOut, startSignedIn, uniqueEmail, userMenuButton } from "./helpers/session.ts";

// WebAuthn refuses IP addresses as relying-party ids: this file talks to the server as localhost.
const LOCALHOST = (process.env.E2E_BASE_URL ?? "").replace("127.0.0.1", "localhost");
test.use({ baseURL: LOCALHOST });
// Both languages switch the e2e project's passkeys on and back off: one at a time.
test.describe.configure({ mode: "serial" });

async function useLanguageHere(context: BrowserContext, lang: Lang): Promise<void> {
  await context.addCookies([{ name: "locale", value: lang, url: LOCALHOST }]);
}

async function setPasskeys(page: Page, enabled: boolean): Promise<void> {
  const status = await page.evaluate(async (on) => {
    const response = await fetch("/api/v1/admin/auth/internal/projects/current", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ config: { passkey_enabled: on } }),
    });
    return response.status;
  }, enabled);
  expect(status).toBe(200);
}

/** A platform authenticator inside Chromium (DevTools protocol) that says yes to every prompt. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

for (const lang of journeyLangs("de")) {
  test(`a user registers a passkey on the account page and signs in with it (${lang})`, async ({
    page,
    context,
    browser,
  }) => {
    test.slow();
    await useLanguageHere(context, lang);
    await signInAsOperator(page, lang, OPERATOR_EMAILS.passkeys[lang]);
    await setPasskeys(page, true);
    const visitor = await browser.newContext({ baseURL: LOCALHOST });
    await useLanguageHere(visitor, lang);
    try {
      const tab = await visitor.newPage();
      await addVirtualAuthenticator(tab);
      const email = uniqueEmail(`passkey-${lang}`);
      await startSignedIn(tab, lang, email);
      await tab.goto("/account");
      const section = tab.getByRole("region", { name: tr(lang, "Passkeys") });
      await expect(section).toContainText(
        tr(lang, "Off: add a passkey to sign in with your device's screen lock or security key."),
      );
      await section.getByRole("button", { name: tr(lang, "Add a passkey") }).click();
      await expect(section).toContainText(tr(lang, "On: you can sign in with a passkey instead of a password."));
      await expectNoSeriousA11yViolations(tab, `${lang} /account passkeys`);

      await signOut(tab, lang, email);
      await tab.getByRole("button", { name: tr(lang, "Sign in with a passkey") }).click();
      await expect(userMenuButton(tab, lang, email)).toBeVisible({ timeout: 30_000 });

      // Turned off, the same passkey no longer signs in.
      await tab.goto("/account");
      await section.getByRole("button", { name: tr(lang, "Turn off passkey sign-in") }).click();
      await expect(section).toContainText(
        tr(lang, "Off: add a passkey to sign in with your device's screen lock or security key."),
      );
      await signOut(tab, lang, email);
      await tab.getByRole("button", { name: tr(lang, "Sign in with a passkey") }).click();
      // Said in the user's language by its code (the service's own words are English).
      await expect(tab.getByRole("alert").filter({ hasText: tr(lang, "Passkey sign-in failed.") })).toBeVisible();
    } finally {
      await visitor.close();
      await setPasskeys(page, false);
    }
  });
}
