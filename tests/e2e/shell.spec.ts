import { expect, test } from "@playwright/test";

test("serves the shell with the dark gradient and no external requests", async ({ page }) => {
  const external: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http")) {
      external.push(request.url());
    }
  });
  await page.goto("/");
  await expect(page.locator("#root")).not.toBeEmpty();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
  expect(background).toContain("linear-gradient");
  expect(external).toEqual([]);
});

test("shows the 404 page for unknown paths, in English and German", async ({ page, context, baseURL }) => {
  await page.goto("/this/does/not/exist");
  await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
  await expect(page.getByText("It's gone")).toBeVisible();

  await context.addCookies([{ name: "locale", value: "de", url: baseURL ?? "" }]);
  await page.goto("/this/does/not/exist");
  await expect(page.getByRole("heading", { name: "Nicht gefunden" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("writes the locale cookie on first visit, chosen from the browser language", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: "de-DE", baseURL });
  const page = await context.newPage();
  await page.goto("/nowhere");
  await expect(page.getByRole("heading", { name: "Nicht gefunden" })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "locale")?.value).toBe("de");
  await context.close();
});
