import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { LANGS, SIZE_LANG, tr } from "./helpers/catalog.ts";
import { OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { useLanguage } from "./helpers/session.ts";

for (const lang of LANGS) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    if (lang !== SIZE_LANG[width === 390 ? "phone" : "desktop"]) continue;
    test(`an operator reads, filters and exports the audit log (${lang}, ${width}px)`, async ({ page, context }) => {
      test.slow();
      await page.setViewportSize({ width, height });
      await useLanguage(context, lang);
      const operator = OPERATOR_EMAILS.audit[lang];
      await signInAsOperator(page, lang, operator);

      // A change made in the admin area, by the operator: the console's own settings.
      const changed = await page.evaluate(async () => {
        const response = await fetch("/api/v1/admin/auth/internal/projects/current", {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ config: { allow_localhost: true } }),
        });
        return response.status;
      });
      expect(changed).toBe(200);

      await page.goto("/admin/audit");
      await expect(page.getByRole("heading", { name: tr(lang, "Audit log"), level: 2 })).toBeVisible();
      const table = page.getByRole("region", { name: tr(lang, "Audit log") });
      await expect(
        table
          .getByRole("row")
          .filter({ hasText: tr(lang, "Operator signed in") })
          .filter({ hasText: operator })
          .first(),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${lang} ${width} /admin/audit`);
      await page.screenshot({ path: `/tmp/audit-${lang}-${width}.png`, fullPage: true });

      // Filter by action and actor: only the settings change of this operator is left.
      await page.getByLabel(tr(lang, "Action")).selectOption({ label: tr(lang, "Settings changed") });
      await page.getByRole("textbox", { name: tr(lang, "Actor") }).fill(operator);
      const rows = table.getByRole("row");
      await expect(rows.filter({ hasText: tr(lang, "Operator signed in") })).toHaveCount(0);
      const settingsRow = rows.filter({ hasText: tr(lang, "Settings changed") }).first();
      await expect(settingsRow).toContainText("config.allow_localhost");
      await expect(settingsRow).toContainText(operator);

      // A search for nothing that exists says so.
      await page.getByRole("searchbox", { name: tr(lang, "Search") }).fill("no-such-event-anywhere");
      await expect(page.getByText(tr(lang, "No events match these filters."))).toBeVisible();
      await page.getByRole("searchbox", { name: tr(lang, "Search") }).fill("");
      await expect(settingsRow).toBeVisible();

      // The CSV carries what the filters show.
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: tr(lang, "Export CSV") }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await file.path()) ?? "", "utf8");
      const lines = csv.trim().split("\n");
      expect(lines[0]).toBe("time,action,actor,actor_id,impersonator,impersonator_id,subject,subject_label,detail");
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.slice(1).every((line) => line.includes(",settings.changed,") && line.includes(operator))).toBe(true);
    });
  }
}
