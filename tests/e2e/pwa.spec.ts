import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { expect, test } from "./helpers/csp.ts";

// About the service worker: it runs here (playwright.config.ts blocks it for the other specs).
test.use({ serviceWorkers: "allow" });

test("Chromium reports the app installable, with a complete manifest", async ({ baseURL, launchOptions }) => {
  // Installability is never reported for incognito contexts, which is what Playwright's are by default.
  const profile = mkdtempSync(join(tmpdir(), "pwa-profile-"));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);

  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ name: "App Console", start_url: "/", display: "standalone" });
  const purposes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
  expect(purposes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test("the service worker serves the shell offline and never answers an API path with it", async ({ page, context }) => {
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto("/some/client/route");
  await expect(page.locator("#root")).not.toBeEmpty();

  const api = await page.evaluate(async () => {
    try {
      const response = await fetch("/api/v1/apps");
      return `${response.status} ${response.headers.get("content-type")}`;
    } catch {
      return "network error";
    }
  });
  expect(api).toBe("network error");
  await context.setOffline(false);
});
