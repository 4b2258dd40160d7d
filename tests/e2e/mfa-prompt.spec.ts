import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { accessTokenFromCookies } from "../../server/contract/session-cookie.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import {
  fillCredentials,
  signOut,
  startSignedIn,
  uniqueEmail,
  useLanguage,
  userMenuButton,
} from "./helpers/session.ts";

/** Turns TOTP on for the signed-in user through the auth service, as an account page would. */
async function enableTotp(page: Page, secret: Buffer): Promise<void> {
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const accessToken = accessTokenFromCookies(cookies);
  if (!accessToken) throw new Error("no access token cookie");
  const status = await page.evaluate(
    async ({ accessToken, secret }) => {
      const config = (await (await fetch("/config.json")).json()) as {
        projectId: string;
        publishableClientKey?: string;
      };
      const response = await fetch("/auth/api/v1/users/me", {
        method: "PATCH",
        headers: {
          "content-type": "application/json",
          "x-stack-access-type": "client",
          "x-stack-project-id": config.projectId,
          ...(config.publishableClientKey ? { "x-stack-publishable-client-key": config.publishableClientKey } : {}),
          "x-stack-access-token": accessToken,
        },
        body: JSON.stringify({ totp_secret_base64: secret }),
      });
      return response.status;
    },
    { accessToken, secret: secret.toString("base64") },
  );
  expect(status).toBe(200);
}

for (const lang of journeyLangs("de")) {
  test(`a user with TOTP is asked for the six-digit code after the password (${lang})`, async ({ page, context }) => {
    test.slow();
    await useLanguage(context, lang);
    const email = uniqueEmail(`mfa-${lang}`);
    await startSignedIn(page, lang, email);
    const secret = randomBytes(20);
    await enableTotp(page, secret);
    await signOut(page, lang, email);

    await fillCredentials(page, lang, email, "correct horse battery 1");
    await page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
    await expect(page).toHaveURL(/\/handler\/mfa$/);
    await expect(page.getByRole("heading", { name: tr(lang, "Multi-factor authentication") })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} /handler/mfa`);

    const field = page.getByLabel(tr(lang, "Six-digit code"));
    await field.fill("000000");
    await page.getByRole("button", { name: tr(lang, "Verify") }).click();
    await expect(page.getByText(tr(lang, "Invalid TOTP code. Please try signing in again."))).toBeVisible();

    const totp = new TOTP({ secret: Secret.fromHex(secret.toString("hex")) });
    await field.fill(totp.generate());
    await page.getByRole("button", { name: tr(lang, "Verify") }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenuButton(page, lang, email)).toBeVisible();
  });
}

for (const lang of journeyLangs("de")) {
  test(`a recovery code from the account page stands in for the authenticator, once (${lang})`, async ({
    page,
    context,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    const email = uniqueEmail(`recovery-${lang}`);
    await startSignedIn(page, lang, email);
    await enableTotp(page, randomBytes(20));

    await userMenuButton(page, lang, email).click();
    await page.getByRole("menuitem", { name: tr(lang, "Account settings") }).click();
    const mfa = page.getByRole("region", { name: tr(lang, "Multi-factor authentication") });
    // None yet (TOTP was turned on outside the page): a first set comes without a confirmation.
    await mfa.getByRole("button", { name: tr(lang, "New recovery codes") }).click();
    const list = mfa.getByRole("list", { name: tr(lang, "Your recovery codes") });
    await expect(list.getByRole("listitem")).toHaveCount(10);
    const [code] = await list.getByRole("listitem").allTextContents();
    await expectNoSeriousA11yViolations(page, `${lang} /account recovery codes`);
    await mfa.getByRole("button", { name: tr(lang, "I have saved them") }).click();
    await expect(list).toHaveCount(0);
    await signOut(page, lang, email);

    const signInWith = async (recoveryCode: string) => {
      await fillCredentials(page, lang, email, "correct horse battery 1");
      await page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
      await expect(page).toHaveURL(/\/handler\/mfa$/);
      await page.getByRole("button", { name: tr(lang, "Lost your device? Use a recovery code") }).click();
      await page.getByLabel(tr(lang, "Recovery code")).fill(recoveryCode);
      await page.getByRole("button", { name: tr(lang, "Verify") }).click();
    };
    await signInWith(code ?? "");
    await expect(userMenuButton(page, lang, email)).toBeVisible();
    await signOut(page, lang, email);
    await signInWith(code ?? "");
    await expect(
      page.getByText(tr(lang, "This recovery code is not valid or has been used. Please try another one.")),
    ).toBeVisible();
  });
}

test("the prompt without a pending sign-in sends the visitor back to log in", async ({ page }) => {
  await page.goto("/handler/mfa");
  await expect(
    page.getByRole("alert").filter({ hasText: tr("en", "This sign-in has expired. Please sign in again.") }),
  ).toBeVisible();
  await page.getByRole("link", { name: tr("en", "Back to login") }).click();
  await expect(page).toHaveURL(/\/login$/);
});
