import type { Locator } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { LANGS, type Lang, SIZE_LANG, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openFirstDatabase } from "./helpers/sql-editor.ts";
import { expectNoPageScrollSideways } from "./helpers/viewport.ts";

/** Adds a column at the end of the editor's list: its card is the last group named "Column N". */
async function addColumn(panel: Locator, lang: Lang, position: number, name: string, type: string) {
  await panel.getByRole("button", { name: tr(lang, "Add column") }).click();
  const card = panel.getByRole("group", { name: tr(lang, "Column {0}", { 0: String(position) }) });
  await card.getByLabel(tr(lang, "Column name")).fill(name);
  await card.getByLabel(tr(lang, "Type"), { exact: true }).selectOption(type);
  return card;
}

async function reviewAndRun(panel: Locator, lang: Lang, run: string) {
  await panel.getByRole("button", { name: tr(lang, "Review SQL") }).click();
  await expect(panel.getByLabel(tr(lang, "SQL to run (one transaction)"))).toBeVisible();
  await panel.getByRole("button", { name: tr(lang, run) }).click();
  await expect(panel).toHaveCount(0);
}

for (const lang of LANGS) {
  test.describe(`schema editor (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      test.slow();
      await useLanguage(context, lang);
    });

    if (lang === SIZE_LANG.desktop)
      test(`builds customers and orders with an enum, a foreign key and an index, then changes them, without SQL (${lang})`, async ({
        page,
      }) => {
        // Three tables made and changed through the UI on a shared, loaded machine.
        test.setTimeout(420_000);
        await page.setViewportSize({ width: 1280, height: 800 });
        await startSignedIn(page, lang, uniqueEmail(`schema-editor-${lang}`));
        await openFirstDatabase(page, lang);
        const tree = page.getByRole("region", { name: tr(lang, "Schema") });

        // An enum.
        await tree.getByRole("button", { name: tr(lang, "Schemas and enums") }).click();
        let panel = page.getByRole("dialog", { name: tr(lang, "Schemas and enums") });
        const newEnum = panel.getByRole("region", { name: tr(lang, "New enum") });
        await newEnum.getByLabel(tr(lang, "Enum name")).fill("order_status");
        await newEnum.getByLabel(tr(lang, "Values, one per line")).fill("new\npaid");
        await newEnum.getByRole("button", { name: tr(lang, "Review SQL") }).click();
        await expect(newEnum.getByLabel(tr(lang, "SQL to run (one transaction)"))).toHaveValue(
          `CREATE TYPE "public"."order_status" AS ENUM ('new', 'paid');`,
        );
        await newEnum.getByRole("button", { name: tr(lang, "Create enum") }).click();
        await expect(newEnum.getByRole("status")).toHaveText(
          tr(lang, "Enum {name} created.", { name: "order_status" }),
        );
        await expectNoSeriousA11yViolations(page, `types panel ${lang}`, { modalOpen: true });
        await page.keyboard.press("Escape");

        // customers: the new table's id and created_at, plus an e-mail.
        await tree.getByRole("button", { name: tr(lang, "New table") }).click();
        panel = page.getByRole("dialog", { name: tr(lang, "New table") });
        await panel.getByLabel(tr(lang, "Table name")).fill("customers");
        await addColumn(panel, lang, 3, "email", "text");
        await expectNoSeriousA11yViolations(page, `new table ${lang}`, { modalOpen: true });
        await reviewAndRun(panel, lang, "Create table");
        await expect(tree.getByRole("button", { name: "customers", exact: true })).toBeVisible();

        // orders: a customer, a status of the enum, a total; a foreign key and an index.
        await tree.getByRole("button", { name: tr(lang, "New table") }).click();
        panel = page.getByRole("dialog", { name: tr(lang, "New table") });
        await panel.getByLabel(tr(lang, "Table name")).fill("orders");
        await addColumn(panel, lang, 3, "customer_id", "bigint");
        await addColumn(panel, lang, 4, "status", "order_status");
        await addColumn(panel, lang, 5, "total", "text");
        await panel.getByRole("button", { name: tr(lang, "Add foreign key") }).click();
        const fk = panel.getByRole("group", { name: tr(lang, "Foreign key {0}", { 0: "1" }) });
        await fk.getByLabel(tr(lang, "Column"), { exact: true }).selectOption("customer_id");
        await fk.getByLabel(tr(lang, "References table")).selectOption({ label: "customers" });
        await fk.getByLabel(tr(lang, "References column")).selectOption("id");
        await fk.getByLabel(tr(lang, "On delete")).selectOption("cascade");
        await panel.getByRole("button", { name: tr(lang, "Add index") }).click();
        const index = panel.getByRole("group", { name: tr(lang, "Index {0}", { 0: "1" }) });
        await index.getByLabel(tr(lang, "Index name (optional)")).fill("orders_by_customer");
        await index.getByRole("checkbox", { name: "id", exact: true }).uncheck();
        await index.getByRole("checkbox", { name: "customer_id" }).check();
        await reviewAndRun(panel, lang, "Create table");

        // The change: rename a column, change a type, add a column.
        await tree.getByRole("button", { name: "orders", exact: true }).click();
        await page.getByRole("button", { name: tr(lang, "Edit table") }).click();
        panel = page.getByRole("dialog", { name: tr(lang, "Edit table {0}", { 0: "orders" }) });
        const status = panel.getByRole("group", { name: tr(lang, "Column {0}", { 0: "4" }) });
        await expect(status.getByLabel(tr(lang, "Column name"))).toHaveValue("status");
        await status.getByLabel(tr(lang, "Column name")).fill("state");
        const total = panel.getByRole("group", { name: tr(lang, "Column {0}", { 0: "5" }) });
        await total.getByLabel(tr(lang, "Type"), { exact: true }).selectOption("numeric");
        await addColumn(panel, lang, 6, "note", "text");
        await panel.getByRole("button", { name: tr(lang, "Review SQL") }).click();
        const sql = panel.getByLabel(tr(lang, "SQL to run (one transaction)"));
        await expect(sql).toHaveValue(/RENAME COLUMN "status" TO "state"/);
        await expect(sql).toHaveValue(/ALTER COLUMN "total" TYPE numeric USING "total"::numeric/);
        await expect(sql).toHaveValue(/ADD COLUMN "note" text/);
        await panel.getByRole("button", { name: tr(lang, "Apply changes") }).click();
        await expect(panel).toHaveCount(0);

        // The structure as the database now has it.
        await page.getByRole("tab", { name: tr(lang, "Structure") }).click();
        const structure = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "orders" }) });
        for (const text of ["state", "order_status", "numeric", "note", "orders_by_customer"]) {
          await expect(structure.getByText(text, { exact: true }).first()).toBeVisible();
        }
        await expect(
          structure.getByText("FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE"),
        ).toBeVisible();

        // A database error lands beside the field it concerns.
        await page.getByRole("button", { name: tr(lang, "Edit table") }).click();
        panel = page.getByRole("dialog", { name: tr(lang, "Edit table {0}", { 0: "orders" }) });
        const card = await addColumn(panel, lang, 7, "bad", "integer");
        await card.getByLabel(tr(lang, "Default")).selectOption("expression");
        await card.getByLabel(tr(lang, "Default expression (SQL)")).fill("'not a number'");
        await panel.getByRole("button", { name: tr(lang, "Review SQL") }).click();
        await panel.getByRole("button", { name: tr(lang, "Apply changes") }).click();
        await expect(card.getByRole("alert")).toContainText("integer");
        await expectNoSeriousA11yViolations(page, `field error ${lang}`, { modalOpen: true });
      });

    if (lang === SIZE_LANG.phone)
      test(`phone: the table editor fits 390 px (${lang})`, async ({ page }) => {
        await page.setViewportSize({ width: 390, height: 844 });
        await startSignedIn(page, lang, uniqueEmail(`schema-editor-phone-${lang}`));
        await openFirstDatabase(page, lang, { phone: true });
        await page.getByRole("button", { name: tr(lang, "Show schema") }).click();
        await page.getByRole("button", { name: tr(lang, "New table") }).click();
        const panel = page.getByRole("dialog", { name: tr(lang, "New table") });
        await expect(panel.getByLabel(tr(lang, "Table name"))).toBeVisible();
        await expectNoPageScrollSideways(page);
        const box = await panel.boundingBox();
        expect(box?.width).toBeLessThanOrEqual(390);
        await expectNoSeriousA11yViolations(page, `phone table editor ${lang}`, { modalOpen: true });
      });
  });
}
