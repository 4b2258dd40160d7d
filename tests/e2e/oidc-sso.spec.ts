import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { type RunningIdp, startIdp } from "../helpers/oidc-idp.ts";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { LANGS, tr } from "./helpers/catalog.ts";
import { e2eAdminHeaders, e2eAdminKey } from "./helpers/e2e-project.ts";

/**
 * The console signs in through a Keycloak-shaped OpenID provider (panva's oidc-provider with a
 * realm's issuer, endpoints and login form) that the test starts: the button the admin configured,
 * the provider's own login page, and back into the console signed in. With password sign-in off,
 * the login page offers single sign-on only.
 */
// Two servers start on a loaded machine (the global one and this one): more time than one test needs.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const PROVIDER = "company-sso";
let server: ServerProcess;
let idp: RunningIdp;
let dataDir: string;
let adminKey: string;

async function patchProject(config: Record<string, unknown>) {
  const response = await fetch(`${server.url}/auth/api/v1/internal/projects/current`, {
    method: "PATCH",
    headers: await e2eAdminHeaders(server.url, adminKey),
    body: JSON.stringify({ config }),
  });
  expect(response.status, await response.text()).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), "appconsole-e2e-oidc-"));
  adminKey = e2eAdminKey();
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DIST_DIR: resolve(process.env.E2E_DIST_DIR ?? "dist"),
    STACK_SUPER_SECRET_ADMIN_KEY: adminKey,
    // The identity provider listens on the loopback address.
    OUTBOUND_ALLOW: "127.0.0.1",
  });
  idp = await startIdp({
    realm: "company",
    redirectUris: [`${server.url}/auth/api/v1/auth/oauth/callback/${PROVIDER}`],
  });
  await patchProject({
    oauth_providers: [
      {
        id: PROVIDER,
        type: "standard",
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        oidc: { issuer: idp.issuer, display_name: "Company SSO" },
      },
    ],
  });
});
test.afterAll(async () => {
  await idp?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// Both languages: issue 37 names this journey in English and German.
for (const lang of LANGS) {
  test(`signs in through the company's OpenID provider (${lang})`, async ({ page, context }, testInfo) => {
    const id = `${lang}-${Date.now()}`;
    idp.addAccount({
      sub: `sub-${id}`,
      username: `ada-${id}`,
      password: `pw-${id}`,
      email: `ada-${id}@company.example`,
      emailVerified: true,
      name: "Ada Lovelace",
    });
    await context.addCookies([{ name: "locale", value: lang, url: server.url }]);
    await page.goto(`${server.url}/login`);
    const button = page.getByRole("button", { name: tr(lang, "Continue with {0}", { 0: "Company SSO" }) });
    await expect(button).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} /login with single sign-on`);
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`login-sso-${lang}-${size.width}.png`) });
    }
    await button.click();
    // The provider runs in this worker, which the loaded machine may keep busy for a while.
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/login-actions/`), { timeout: 60_000 });
    await page.getByLabel("Username or email").fill(`ada-${id}`);
    await page.getByLabel("Password").fill(`pw-${id}`);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: tr(lang, "Your Apps") })).toBeVisible({ timeout: 60_000 });
  });
}

test("with password sign-in off the login page offers single sign-on only", async ({ page }) => {
  await patchProject({ credential_enabled: false });
  try {
    await page.goto(`${server.url}/login`);
    await expect(page.getByRole("button", { name: tr("en", "Continue with {0}", { 0: "Company SSO" }) })).toBeVisible();
    await expect(page.getByLabel(tr("en", "Password"))).toHaveCount(0);
  } finally {
    await patchProject({ credential_enabled: true });
  }
});
