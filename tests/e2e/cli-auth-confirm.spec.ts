import { type APIRequestContext, expect, test } from "@playwright/test";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";

/** What `npm run cli -- login` does first: a login with its polling and login codes. */
async function startCliLogin(request: APIRequestContext) {
  const config = (await (await request.get("/config.json")).json()) as {
    projectId: string;
    publishableClientKey?: string;
  };
  const headers = {
    "x-stack-access-type": "client",
    "x-stack-project-id": config.projectId,
    ...(config.publishableClientKey ? { "x-stack-publishable-client-key": config.publishableClientKey } : {}),
  };
  const created = await request.post("/auth/api/v1/auth/cli", { headers, data: {} });
  expect(created.status()).toBe(200);
  const login = (await created.json()) as { polling_code: string; login_code: string };
  const poll = () =>
    request.post("/auth/api/v1/auth/cli/poll", { headers, data: { polling_code: login.polling_code } });
  return { loginCode: login.login_code, poll };
}

for (const lang of journeyLangs("de")) {
  test.describe(`command-line login confirmation (${lang})`, () => {
    test.beforeEach(async ({ context }) => useLanguage(context, lang));

    test("a signed-in user allows the waiting CLI, which then gets its session", async ({ page, request }) => {
      await startSignedIn(page, lang, uniqueEmail("cli"));
      const { loginCode, poll } = await startCliLogin(request);
      expect(await (await poll()).json()).toEqual({ status: "waiting" });

      await page.goto(`/handler/cli-auth-confirm?login_code=${loginCode}`);
      await expect(page.getByRole("heading", { name: tr(lang, "Command-line login") })).toBeVisible();
      await page.getByRole("button", { name: tr(lang, "Allow sign-in") }).click();
      await expect(
        page.getByText(tr(lang, "The command-line tool is signed in. You can close this tab.")),
      ).toBeVisible();

      const success = await poll();
      expect(success.status()).toBe(201);
      expect(((await success.json()) as { status: string }).status).toBe("success");
    });

    test("an unknown login code is refused on the page", async ({ page }) => {
      await startSignedIn(page, lang, uniqueEmail("cli-bad"));
      await page.goto(`/handler/cli-auth-confirm?login_code=${"a".repeat(45)}`);
      await page.getByRole("button", { name: tr(lang, "Allow sign-in") }).click();
      await expect(
        page.getByText(tr(lang, "This login link is invalid or has expired. Start the login again.")),
      ).toBeVisible();
    });
  });
}
