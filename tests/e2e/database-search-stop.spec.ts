import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";

const BASE_URL = process.env.E2E_BASE_URL ?? "";

// Search on a large table (issue 30): the page offers a trigram index with its statements shown
// before it runs, and a search that reads every row can be stopped.
for (const lang of journeyLangs("de")) {
  test(`a search offers a trigram index and can be stopped (${lang})`, async ({ page, context }) => {
    test.slow();
    await useLanguage(context, lang);
    await page.setViewportSize({ width: 1280, height: 800 });
    await startSignedIn(page, lang, uniqueEmail(`db-search-${lang}`));
    const databases = await context.request.get(`${BASE_URL}/api/v1/db`);
    const [[database]] = (await databases.json()) as [[{ id: string }]];
    // `slow`: past its first hundred rows every name takes 50 ms, so a search for a name nobody
    // has reads for more than an hour unless it is stopped.
    const created = await context.request.post(`${BASE_URL}/api/v1/db/${database.id}/execute`, {
      data: {
        sql: `CREATE TABLE words (id int PRIMARY KEY, word text);
INSERT INTO words SELECT g, 'word ' || g FROM generate_series(1, 12000) g;
ANALYZE words;
CREATE FUNCTION slow_name(n int) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT pg_sleep(0.05); SELECT 'slow ' || n $$;
CREATE VIEW slow AS SELECT g AS id, CASE WHEN g <= 100 THEN 'fast ' || g ELSE slow_name(g) END AS name FROM generate_series(1, 100000) g;`,
      },
    });
    expect(created.status()).toBe(200);
    expect(JSON.stringify(await created.json())).not.toContain('"error":{');
    await page.goto(`/db/${database.id}`);
    const schema = page.getByRole("region", { name: tr(lang, "Schema") });
    await schema.getByRole("button", { name: "words", exact: true }).click();
    const words = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "words" }) });
    await words.getByLabel(tr(lang, "Search column")).selectOption("word");
    await words.getByLabel(tr(lang, "Search value")).fill("word 11");
    await words.getByRole("button", { name: tr(lang, "Search"), exact: true }).click();

    // The offer, and its statements before anything runs.
    const offer = words.getByTestId("search-index-offer");
    await expect(offer).toContainText(
      tr(lang, "Searching “{column}” reads every row of this table. A trigram index makes it fast.", {
        column: "word",
      }),
    );
    await offer.getByRole("button", { name: tr(lang, "Add a trigram index…") }).click();
    const dialog = page.getByRole("alertdialog", { name: tr(lang, "Add a trigram index?") });
    await expect(dialog.getByRole("region", { name: tr(lang, "Statements") })).toHaveText(
      'CREATE EXTENSION IF NOT EXISTS pg_trgm;\nCREATE INDEX ON "public"."words" USING gin (("word"::text) gin_trgm_ops);',
    );
    await expectNoSeriousA11yViolations(page, `trigram dialog ${lang}`);
    await page.screenshot({ path: `/tmp/speed30-shots/trigram-dialog-1280-${lang}.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page, `trigram dialog phone ${lang}`);
    await page.screenshot({ path: `/tmp/speed30-shots/trigram-dialog-390-${lang}.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole("button", { name: tr(lang, "Create index") }).click();
    await expect(
      words.getByText(tr(lang, "Trigram index created: searches in “{column}” can use it now.", { column: "word" })),
    ).toBeVisible();

    // A search that reads every row: Stop drops it, the server stops its statement (on PGlite's one
    // backend the rows below could not come otherwise), and what was typed stays.
    await schema.getByRole("button", { name: "slow", exact: true }).click();
    const slow = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "slow" }) });
    await expect(slow.getByRole("grid").getByRole("gridcell", { name: "fast 1", exact: true })).toBeVisible();
    await slow.getByLabel(tr(lang, "Search column")).selectOption("name");
    await slow.getByLabel(tr(lang, "Search value")).fill("nobody");
    await slow.getByRole("button", { name: tr(lang, "Search"), exact: true }).click();
    const stop = slow.getByRole("button", { name: tr(lang, "Stop"), exact: true });
    await expect(stop).toBeVisible();
    await page.screenshot({ path: `/tmp/speed30-shots/search-running-1280-${lang}.png` });
    await stop.click();
    await expect(slow.getByText(tr(lang, "Search stopped."))).toBeVisible();
    await expect(stop).toBeHidden();
    await expect(slow.getByLabel(tr(lang, "Search value"))).toHaveValue("nobody");
    await expect(slow.getByRole("grid").getByRole("gridcell", { name: "fast 1", exact: true })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("q")).toBeNull();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page, `search stopped phone ${lang}`);
    await page.screenshot({ path: `/tmp/speed30-shots/search-stopped-390-${lang}.png` });
  });
}
