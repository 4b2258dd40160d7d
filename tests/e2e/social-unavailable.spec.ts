import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";

/**
 * A server as `npm start` makes it with no GitHub or Google credentials and no DEV_OAUTH_PROVIDER:
 * no social sign-in at all, and the sign-in pages say so instead of offering dead buttons.
 */
test.describe.configure({ mode: "serial" });

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "appconsole-e2e-nosocial-"));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DIST_DIR: resolve(process.env.E2E_DIST_DIR ?? "dist"),
    NODE_ENV: "development",
  });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

for (const lang of journeyLangs("de")) {
  test(`without any provider the sign-in pages offer no social buttons and say why (${lang})`, async ({
    page,
    context,
  }, testInfo) => {
    await context.addCookies([{ name: "locale", value: lang, url: server.url }]);
    for (const path of ["/login", "/signup"]) {
      await page.goto(`${server.url}${path}`);
      await expect(
        page.getByText(tr(lang, "Sign-in with GitHub or Google is not set up on this server.")),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: tr(lang, "Continue with GitHub") })).toHaveCount(0);
      await expect(page.getByRole("button", { name: tr(lang, "Continue with Google") })).toHaveCount(0);
      // Nothing left to put an "or" between.
      await expect(page.getByText(tr(lang, "or"), { exact: true })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `${lang} ${path} without providers`);
      for (const size of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: testInfo.outputPath(`${path.slice(1)}-${lang}-${size.width}.png`) });
      }
    }
  });
}
