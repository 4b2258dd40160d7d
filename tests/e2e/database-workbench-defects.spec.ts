import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";
import { openWorkbench, runSql } from "./helpers/sql-editor.ts";

for (const lang of journeyLangs("de")) {
  test(`workbench: the error underline sits on the failing statement, cut results say how many (${lang})`, async ({
    page,
    context,
  }) => {
    test.slow();
    await useLanguage(context, lang);
    await page.setViewportSize({ width: 1280, height: 800 });
    await startSignedIn(page, lang, uniqueEmail(`db-defects-${lang}`));
    await openWorkbench(page, lang);
    // Editor tabs are named in the reader's language.
    await expect(
      page.getByRole("tablist", { name: tr(lang, "Editor tabs") }).getByRole("tab", {
        name: tr(lang, "Query {number}", { number: "1" }),
      }),
    ).toBeVisible();

    // Run as a whole, the division by zero on line 3 is underlined there, not on line 1.
    await runSql(page, "select 1;\nselect 2;\nselect 1/0;\nselect 4");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alert").filter({ hasText: "division by zero" })).toBeVisible();
    const squiggle = page.locator(".monaco-editor .squiggly-error");
    await expect(squiggle).toHaveCount(1);
    const lineTops = await page
      .locator(".monaco-editor .view-line")
      .evaluateAll((lines) => lines.map((line) => Math.round(line.getBoundingClientRect().top)).sort((a, b) => a - b));
    const squiggleTop = await squiggle.evaluate((el) => el.getBoundingClientRect().top);
    const line = lineTops.filter((top) => top <= squiggleTop + 2).length;
    expect(line).toBe(3);

    // A result over the row cap: the tab, the summary and the history give the count.
    await runSql(page, "SELECT g FROM generate_series(1, 10005) g");
    await page.keyboard.press("Escape");
    const shown = new Intl.NumberFormat(lang).format(10_000);
    const results = page.getByRole("tablist", { name: tr(lang, "Results") });
    // A list of one: with a single text, toHaveText fails at once (not retried) while the previous
    // run's three tabs are still there.
    await expect(results.getByRole("tab")).toHaveText([
      tr(lang, "Result {n}: {shown} of more rows", { n: "1", shown }),
    ]);
    // In plain words, in both languages: "Showing the first 10,000 rows; the result has more."
    await expect(page.getByTestId("result-summary")).toHaveText(
      tr(lang, "Showing the first {rows} rows; the result has more. Add a LIMIT or a WHERE to see the rest.", {
        rows: shown,
      }),
    );
    // The previous run's error went when this one started.
    await expect(page.getByRole("alert").filter({ hasText: "division by zero" })).toHaveCount(0);
    await expect(squiggle).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `cut result ${lang}`);
    await page.getByRole("button", { name: tr(lang, "History and snippets") }).click();
    const history = page.getByRole("dialog", { name: tr(lang, "History and snippets") });
    await expect(history.getByRole("button", { name: /^SELECT g FROM generate_series\(1, 10005\)/ })).toContainText(
      tr(lang, "{shown} of more rows, {ms} ms", { shown, ms: "0" }).split(",")[0] ?? shown,
    );
  });
}
