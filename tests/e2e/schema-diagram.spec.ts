import { readFile } from "node:fs/promises";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { LANGS, SIZE_LANG, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openWorkbench, runSql } from "./helpers/sql-editor.ts";
import { expectNoPageScrollSideways } from "./helpers/viewport.ts";

const SCHEMA = `CREATE TABLE customers (id bigint PRIMARY KEY, name text);
CREATE TABLE orders (id bigint PRIMARY KEY, customer_id bigint REFERENCES customers (id), total numeric);`;

for (const lang of LANGS) {
  for (const width of [1280, 390] as const) {
    const phone = width === 390;
    if (lang !== SIZE_LANG[phone ? "phone" : "desktop"]) continue;
    test(`schema diagram: tables and keys drawn, opened, listed and exported (${lang}, ${width} px)`, async ({
      page,
      context,
    }) => {
      test.slow();
      await useLanguage(context, lang);
      await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1280, height: 800 });
      const diagramScripts: string[] = [];
      page.on("response", (response) => {
        if (/schema-diagram-[^/]*\.js$/.test(response.url())) diagramScripts.push(response.url());
      });
      await startSignedIn(page, lang, uniqueEmail(`diagram-${lang}-${width}`));
      await openWorkbench(page, lang, { phone });
      await runSql(page, SCHEMA);
      await expect(page.getByRole("tablist", { name: tr(lang, "Results") }).getByRole("tab")).toHaveCount(2);
      // Typing opened Monaco's suggestions (its own widget, with ARIA axe does not accept): closed.
      await page.keyboard.press("Escape");
      // The diagram and its layout library are not part of the page until the diagram opens.
      expect(diagramScripts).toEqual([]);

      await page.getByRole("tab", { name: tr(lang, "Diagram"), exact: true }).click();
      await expect(page).toHaveURL(/view=diagram/);
      const diagram = page.getByRole("region", { name: tr(lang, "Schema diagram") });
      const orders = diagram.getByRole("link", { name: "orders", exact: true });
      await expect(orders).toBeVisible();
      await expect(orders.getByText("customer_id")).toBeVisible();
      await expect(diagram.locator("path[marker-end]")).toHaveCount(1);
      expect(diagramScripts).toHaveLength(1);
      await expectNoSeriousA11yViolations(page, `schema diagram ${lang} ${width}`);
      await expectNoPageScrollSideways(page);
      await page.screenshot({ path: `/tmp/diagram-${lang}-${width}.png` });

      // Zooming by the buttons changes the drawing's scale.
      const svg = diagram.locator("svg[data-zoom]");
      const before = Number(await svg.getAttribute("data-zoom"));
      await diagram.getByRole("button", { name: tr(lang, "Zoom out") }).click();
      await expect.poll(async () => Number(await svg.getAttribute("data-zoom"))).toBeLessThan(before);

      // Exports: a standalone SVG with the tables, a PNG.
      const svgDownload = page.waitForEvent("download");
      await diagram.getByRole("button", { name: tr(lang, "SVG") }).click();
      const svgFile = await svgDownload;
      expect(svgFile.suggestedFilename()).toMatch(/\.svg$/);
      const svgText = await readFile((await svgFile.path()) ?? "", "utf8");
      expect(svgText).toContain(">customers</text>");
      expect(svgText).toContain(">orders</text>");
      const pngDownload = page.waitForEvent("download");
      await diagram.getByRole("button", { name: tr(lang, "PNG") }).click();
      const pngFile = await pngDownload;
      expect(pngFile.suggestedFilename()).toMatch(/\.png$/);
      const png = await readFile((await pngFile.path()) ?? "");
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");

      // The list: the same tables and keys, each opened by a button.
      await diagram.getByRole("button", { name: tr(lang, "List"), exact: true }).click();
      const list = diagram.getByRole("list", { name: tr(lang, "Tables and their relations") });
      await expect(
        list.getByText(tr(lang, "{0} references {1} ({2})", { 0: "customer_id", 1: "customers", 2: "id" })),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `schema diagram list ${lang} ${width}`);
      await list.getByRole("button", { name: "public.customers", exact: true }).click();
      await expect(page).toHaveURL(/view=table/);
      await expect(page).toHaveURL(/table=customers/);

      // A table clicked in the drawing opens it.
      await page.goBack();
      await expect(page).toHaveURL(/view=diagram/);
      await orders.click();
      await expect(page).toHaveURL(/table=orders/);
    });
  }
}
