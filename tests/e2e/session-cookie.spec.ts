import { expect, type Page, test } from "@playwright/test";
import { tr } from "./helpers/catalog.ts";
import { signUpAndVerify, uniqueEmail } from "./helpers/session.ts";

const sdkLoaded = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").some((e) => /stack-client/.test(e.name)));

/** The SDK's access cookie: URL-encoded JSON [refreshToken, accessToken]. */
async function accessCookie(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => /^(hexclave|stack)-access$/.test(c.name));
  if (!cookie) throw new Error("no access cookie");
  const [refresh, access] = JSON.parse(decodeURIComponent(cookie.value)) as [string, string];
  const claims = JSON.parse(Buffer.from(access.split(".")[1] ?? "", "base64url").toString()) as { exp: number };
  return { cookie, refresh, access, exp: claims.exp };
}

test.describe("the session cookie", () => {
  test.beforeEach(async () => {
    test.slow();
  });

  test("a fresh access token runs the signed-in app without loading the SDK", async ({ page }) => {
    await signUpAndVerify(page, "en", uniqueEmail("no-sdk"));
    await page.reload();
    await expect(page.getByRole("heading", { name: tr("en", "Your Apps") })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "default" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await sdkLoaded(page)).toBe(false);
  });

  test("an expired access token makes the app load the SDK, which refreshes it", async ({ page }) => {
    await signUpAndVerify(page, "en", uniqueEmail("refresh"));
    const before = await accessCookie(page);
    // The same token with an expiry in the past: the browser never checks signatures, the SDK
    // sees it expired and refreshes it with the refresh token.
    const [header, payload, signature] = before.access.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<string, unknown>;
    const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })).toString("base64url")}.${signature}`;
    await page
      .context()
      .addCookies([{ ...before.cookie, value: encodeURIComponent(JSON.stringify([before.refresh, expired])) }]);

    await page.reload();
    await expect(page.getByRole("heading", { name: tr("en", "Your Apps") })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "default" })).toBeVisible();
    expect(await sdkLoaded(page)).toBe(true);
    await expect.poll(async () => (await accessCookie(page)).exp).toBeGreaterThan(Date.now() / 1000);
    await expect(page).not.toHaveURL(/\/login/);
  });
});
