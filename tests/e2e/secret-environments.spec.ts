import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "./helpers/apps.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { LANGS, SIZE_LANG, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { expectNoPageScrollSideways } from "./helpers/viewport.ts";

// The journey of issue 34 in a browser: a value per environment, the comparison that shows no value,
// and a change webhook that a real receiver gets, signed and without the value. The receiver listens
// on 127.0.0.1, which the e2e server's OUTBOUND_ALLOW lets webhooks reach.
let receiver: Server;
let receiverUrl = "";
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

for (const lang of LANGS) {
  for (const width of [1280, 390] as const) {
    const phone = width === 390;
    if (lang !== SIZE_LANG[phone ? "phone" : "desktop"]) continue;
    test(`secrets per environment, compared without values, and a change webhook (${lang}, ${width} px)`, async ({
      page,
      context,
    }) => {
      test.slow();
      await useLanguage(context, lang);
      await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1280, height: 800 });
      await startSignedIn(page, lang, uniqueEmail(`envs-${lang}`));
      // On a phone the sidebar, with its Create App link, is a drawer opened first.
      if (phone) await page.getByRole("button", { name: tr(lang, "Toggle sidebar") }).click();
      await createApp(page, lang, `Environments ${lang}`, "");
      const secrets = page.getByRole("region", { name: tr(lang, "Environment Variables") });
      const environment = secrets.getByLabel(tr(lang, "Environment"), { exact: true });
      const addSecret = async (key: string, value: string) => {
        await secrets.getByRole("button", { name: tr(lang, "Add New") }).click();
        await secrets.getByLabel(tr(lang, "Key"), { exact: true }).fill(key);
        await secrets.getByLabel(tr(lang, "Value"), { exact: true }).fill(value);
        await secrets.getByRole("button", { name: tr(lang, "Add"), exact: true }).click();
        await expect(secrets.getByText(key, { exact: true })).toBeVisible();
      };

      // A webhook first, so the changes below reach it.
      const webhooks = page.getByRole("region", { name: tr(lang, "Webhooks") });
      await expect(webhooks.getByText(tr(lang, "No webhooks yet."))).toBeVisible();
      await webhooks.getByRole("button", { name: tr(lang, "Add webhook") }).click();
      const addHook = page.getByRole("dialog", { name: tr(lang, "Add webhook") });
      await addHook.getByLabel(tr(lang, "Endpoint URL")).fill(receiverUrl);
      await expectNoSeriousA11yViolations(page, `add webhook ${lang}`, { modalOpen: true });
      await addHook.getByRole("button", { name: tr(lang, "Add webhook") }).click();
      const secretShown = page.getByRole("dialog", { name: tr(lang, "Copy the signing secret now") });
      await expect(secretShown).toContainText(/whsec_[A-Za-z0-9+/=]+/);
      await expectNoPageScrollSideways(page);
      await secretShown.getByRole("button", { name: tr(lang, "Done") }).click();
      await expect(webhooks.getByRole("list", { name: tr(lang, "Webhooks") })).toContainText("127.0.0.1");

      // Development (the default) and production each get their own value; the URL names the one shown.
      await expect(environment).toHaveValue("development");
      await addSecret("API_URL", "https://dev.example.test");
      await environment.selectOption("production");
      await expect(page).toHaveURL(/[?&]environment=production/);
      await expect(secrets.getByText(tr(lang, "No environment variables found"))).toBeVisible();
      await addSecret("API_URL", "https://api.example.test");

      // The receiver gets each change signed, with the key and its version and never the value.
      await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      for (const delivery of received) {
        expect(delivery.headers["webhook-signature"]).toMatch(/^v1,/);
        expect(delivery.body).toContain('"API_URL"');
        expect(delivery.body).not.toContain("example.test");
      }

      // Compared: the same key differs between development and production and is missing in staging.
      await secrets.getByRole("button", { name: tr(lang, "Compare environments…") }).click();
      const compare = page.getByRole("dialog", { name: tr(lang, "Compare environments") });
      const row = compare.getByRole("row", { name: /API_URL/ });
      await expect(row).toContainText(tr(lang, "missing"));
      await expect(compare).not.toContainText("example.test");
      await expectNoSeriousA11yViolations(page, `compare environments ${lang}`, { modalOpen: true });
      await expectNoPageScrollSideways(page);
      await compare
        .getByRole("button", { name: tr(lang, "Close") })
        .first()
        .click();
      await expect(compare).toBeHidden();

      // The list follows the delivery: its last one was answered 204.
      await expect(webhooks.getByRole("list", { name: tr(lang, "Webhooks") })).toContainText("HTTP 204");
      // The delivery log lists what was sent: delivered, with the receiver's status, the keys, no value.
      await webhooks.getByRole("button", { name: tr(lang, "Deliveries") }).click();
      const deliveries = page.getByRole("dialog", { name: tr(lang, "Deliveries") });
      const log = deliveries.getByRole("list", { name: tr(lang, "Deliveries") });
      await expect(log.getByRole("listitem").filter({ hasText: tr(lang, "Delivered") })).toHaveCount(2);
      await expect(log).toContainText("API_URL");
      await expect(log).not.toContainText("example.test");
      await expectNoSeriousA11yViolations(page, `webhook deliveries ${lang}`, { modalOpen: true });
      await expectNoPageScrollSideways(page);
      await deliveries
        .getByRole("button", { name: tr(lang, "Close") })
        .first()
        .click();

      await expectNoSeriousA11yViolations(page, `app page with environments and a webhook ${lang}`);
      await expectNoPageScrollSideways(page);
      await page.screenshot({ path: test.info().outputPath(`environments-${lang}-${width}.png`), fullPage: true });
    });
  }
}
