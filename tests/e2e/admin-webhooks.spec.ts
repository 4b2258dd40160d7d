import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { useLanguage } from "./helpers/session.ts";

/** A receiver on a random local port that files what it gets. */
async function startReceiver() {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

for (const lang of journeyLangs("de")) {
  test(`an operator adds a webhook endpoint, sends a test event and sees it delivered (${lang})`, async ({
    page,
    context,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const receiver = await startReceiver();
    try {
      await signInAsOperator(page, lang, OPERATOR_EMAILS.webhooks[lang]);
      await page.goto("/admin");
      await page
        .getByRole("navigation", { name: tr(lang, "Admin sections") })
        .getByRole("link", { name: tr(lang, "Webhooks") })
        .click();
      await expect(page.getByRole("heading", { name: tr(lang, "Webhooks"), level: 2 })).toBeVisible();

      await page.getByLabel(tr(lang, "Endpoint URL")).fill(receiver.url);
      await page.getByLabel(tr(lang, "Description")).fill(`e2e ${lang}`);
      await page.getByRole("button", { name: tr(lang, "Add endpoint") }).click();
      await page.getByRole("button", { name: tr(lang, "Copy signing secret") }).click();
      // The copy lands asynchronously: wait for it rather than read the clipboard once.
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^whsec_/);
      const secret = await page.evaluate(() => navigator.clipboard.readText());

      const item = page.getByRole("listitem").filter({ hasText: receiver.url });
      await expect(item).toContainText(`…${secret.slice(-4)}`);
      await item.getByRole("button", { name: new RegExp(tr(lang, "Send test event")) }).click();

      // The log refreshes itself: the delivery shows up as delivered without a reload.
      const row = page.getByRole("row").filter({ hasText: "webhook.test" }).filter({ hasText: receiver.url });
      await expect(row).toContainText(tr(lang, "Delivered"), { timeout: 20_000 });
      await expect(row).toContainText("HTTP 204");
      // The e2e project is shared: other tests' user and team events reach this endpoint too. Every
      // delivery must verify with the copied secret; exactly one of them is the test event.
      expect(receiver.received.length).toBeGreaterThan(0);
      const events = receiver.received.map(
        (delivery) =>
          new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as { type: string },
      );
      expect(events.filter((event) => event.type === "webhook.test")).toHaveLength(1);
      await expectNoSeriousA11yViolations(page, `${lang} /admin/webhooks`);

      // A disabled endpoint cannot be tried; deleting it empties the list again.
      await item.getByRole("checkbox", { name: new RegExp(tr(lang, "Enabled")) }).uncheck();
      await expect(item.getByRole("button", { name: new RegExp(tr(lang, "Send test event")) })).toBeDisabled();
      await item.getByRole("button", { name: new RegExp(tr(lang, "Delete")) }).click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: tr(lang, "Delete endpoint") })
        .click();
      await expect(page.getByRole("listitem").filter({ hasText: receiver.url })).toHaveCount(0);
    } finally {
      await receiver.close();
    }
  });
}
