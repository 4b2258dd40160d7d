import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openWorkbench, runSql } from "./helpers/sql-editor.ts";
import { expectNoPageScrollSideways } from "./helpers/viewport.ts";

// The table's view (rows, structure, chart) and the chart's settings are in the URL: a reload and
// back/forward keep them; the phone layout keeps them and the rest of the view's state (it moves
// the view, not mounting it anew). The chart's axis
// labels are whole at the right edge of the canvas.
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// Every two hours from midnight to midnight three days later, in UTC as the browser shows it: the
// last tick sits at the right edge of the plot and carries the day's date under its time.
test.use({ timezoneId: "UTC" });
const READINGS = `CREATE TABLE reading (at timestamptz PRIMARY KEY, level int, flow numeric(6,1));
INSERT INTO reading SELECT t, extract(hour FROM t)::int, extract(hour FROM t) * 1.5
  FROM generate_series(timestamptz '2024-01-01 00:00+00', timestamptz '2024-01-04 00:00+00', interval '2 hours') t;`;

/** Pixels drawn in the canvas's three rightmost columns: a label running off the edge leaves some. */
async function inkAtRightEdge(chart: Locator): Promise<number> {
  return chart.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext("2d")?.getImageData(canvas.width - 3, 0, 3, canvas.height).data ?? [];
    let ink = 0;
    for (let alpha = 3; alpha < pixels.length; alpha += 4) if ((pixels[alpha] ?? 0) > 0) ink++;
    return ink;
  });
}

function tabOf(page: Page, lang: Lang, name: string): Locator {
  return page.getByRole("tablist", { name: tr(lang, "Table views") }).getByRole("tab", { name: tr(lang, name) });
}

for (const lang of journeyLangs("en")) {
  test(`the table's view and chart survive reload, back/forward and the phone layout; axis labels are whole (${lang})`, async ({
    page,
    context,
  }, info) => {
    test.slow();
    await useLanguage(context, lang);
    await page.setViewportSize(DESKTOP);
    await startSignedIn(page, lang, uniqueEmail(`db-view-${lang}`));
    await openWorkbench(page, lang);
    await runSql(page, READINGS);
    const results = page.getByRole("tablist", { name: tr(lang, "Results") }).getByRole("tab");
    await expect(results).toHaveCount(2);
    await page.keyboard.press("Escape");
    // The view is not mounted anew across the phone breakpoint: a query's results stay.
    await page.setViewportSize(PHONE);
    await expect(page.getByRole("button", { name: tr(lang, "Show schema") })).toBeVisible();
    await expect(results).toHaveCount(2);
    await page.setViewportSize(DESKTOP);
    await expect(page.getByRole("button", { name: tr(lang, "Hide schema") })).toBeVisible();
    await expect(results).toHaveCount(2);
    await page.getByRole("tab", { name: tr(lang, "Table"), exact: true }).click();
    const tree = page.getByRole("region", { name: tr(lang, "Schema") });
    await tree.getByRole("button", { name: tr(lang, "Refresh") }).click();
    await tree.getByRole("button", { name: "reading", exact: true }).click();
    await expect(page.getByTestId("row-count")).toHaveText(tr(lang, "{n} rows", { n: "37" }));

    // Structure: in the URL, kept by a reload; back returns to the rows, forward to the structure.
    await tabOf(page, lang, "Structure").click();
    await expect(page).toHaveURL(/tab=structure/);
    const structure = page.getByRole("region", {
      name: tr(lang, "Structure of {tableName}", { tableName: "reading" }),
    });
    await expect(structure.getByRole("rowheader", { name: /flow/ })).toBeVisible();
    await page.reload();
    await expect(tabOf(page, lang, "Structure")).toHaveAttribute("aria-selected", "true");
    await expect(structure.getByRole("rowheader", { name: /flow/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `structure after reload ${lang}`);
    await page.screenshot({ path: info.outputPath(`structure-reloaded-${lang}-1280.png`) });
    await page.goBack();
    await expect(tabOf(page, lang, "Rows")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("row-count")).toBeVisible();
    await page.goForward();
    await expect(tabOf(page, lang, "Structure")).toHaveAttribute("aria-selected", "true");

    // Chart: time across, the level and the flow as lines; made an area chart of the level alone.
    await tabOf(page, lang, "Chart").click();
    await expect(page).toHaveURL(/tab=chart/);
    const chart = page.getByRole("img", { name: /level/ });
    await expect(chart.locator("canvas")).toBeVisible();
    await page.getByLabel(tr(lang, "Chart type")).selectOption("area");
    await page.getByRole("checkbox", { name: "flow", exact: true }).uncheck();
    await expect(page).toHaveURL(/chart=area/);
    const url = new URL(page.url());
    expect(url.searchParams.get("x")).toBe("at");
    expect(url.searchParams.get("y")).toBe('["level"]');
    await expect(chart.locator("canvas")).toBeVisible();
    expect(await inkAtRightEdge(chart)).toBe(0);
    await expectNoSeriousA11yViolations(page, `chart ${lang}`);
    await page.screenshot({ path: info.outputPath(`chart-${lang}-1280.png`) });

    // The phone layout mounts the view anew: the chart and its settings stay.
    await page.setViewportSize(PHONE);
    await expect(tabOf(page, lang, "Chart")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel(tr(lang, "Chart type"))).toHaveValue("area");
    await expect(page.getByRole("checkbox", { name: "flow", exact: true })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "level", exact: true })).toBeChecked();
    await expect(chart.locator("canvas")).toBeVisible();
    expect(await inkAtRightEdge(chart)).toBe(0);
    await expectNoPageScrollSideways(page);
    await expectNoSeriousA11yViolations(page, `chart on a phone ${lang}`);
    await page.screenshot({ path: info.outputPath(`chart-${lang}-390.png`) });

    // And back to the desktop layout, reloaded: still the same chart.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect(tabOf(page, lang, "Chart")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel(tr(lang, "Chart type"))).toHaveValue("area");
    await expect(page.getByRole("checkbox", { name: "flow", exact: true })).not.toBeChecked();
  });
}
