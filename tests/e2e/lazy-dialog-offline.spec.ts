import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createApp } from "./helpers/apps.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { expect, test } from "./helpers/csp.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";

/** The delete dialog's own chunk (its shared parts may already be loaded). */
const DELETE_DIALOG_CHUNK = /\/assets\/delete-app-dialog-[^/]+\.js$/;

// The service worker would answer the chunk from its cache, out of page.route's reach: here it is
// the state before it cached anything, which is the case this covers.
test.use({ serviceWorkers: "block" });

async function shoot(page: Page, name: string, lang: Lang) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/screens/${name}-${lang}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const lang of journeyLangs("en")) {
  test(`a lazily loaded dialog whose code cannot load says it needs a connection; the page stays (${lang})`, async ({
    page,
    context,
  }) => {
    // Signs a new user up, and project initialisation can take a while (see session.ts).
    test.slow();
    await useLanguage(context, lang);
    await startSignedIn(page, lang, uniqueEmail(`lazy-${lang}`));
    const title = `Lazy ${randomUUID().slice(0, 6)}`;
    await createApp(page, lang, title, "");
    const heading = page.getByRole("heading", { level: 1, name: title });
    await expect(heading).toBeVisible();

    let blocked = 0;
    await page.route(DELETE_DIALOG_CHUNK, (route) => {
      blocked += 1;
      return route.abort("internetdisconnected");
    });
    const danger = page.getByRole("region", { name: tr(lang, "Danger zone") });
    await danger.getByRole("button", { name: tr(lang, "Delete App") }).click();

    const failure = page.getByRole("dialog", { name: tr(lang, "This needs a connection") });
    await expect(failure).toBeVisible();
    expect(blocked).toBeGreaterThan(0);
    await expect(failure).toContainText(
      tr(
        lang,
        "This part of the console has not been downloaded yet. Connect to the internet and try again; the rest of the page works as before.",
      ),
    );
    await expect(page.getByText("Something went wrong!")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `lazy dialog failure (${lang})`, { modalOpen: true });
    await shoot(page, "lazy-dialog-failed", lang);

    // Closing leaves the page as it was, usable.
    await failure.getByRole("button", { name: tr(lang, "Close") }).click();
    await expect(failure).toBeHidden();
    await expect(heading).toBeVisible();
    await expect(danger.getByRole("button", { name: tr(lang, "Delete App") })).toBeEnabled();

    // Asked again while still offline: the same notice, not the router's error screen.
    await danger.getByRole("button", { name: tr(lang, "Delete App") }).click();
    await expect(failure).toBeVisible();

    // Back online, Try again loads the dialog itself; Cancel deletes nothing.
    await page.unroute(DELETE_DIALOG_CHUNK);
    await failure.getByRole("button", { name: tr(lang, "Try again") }).click();
    const confirm = page.getByRole("alertdialog", { name: tr(lang, "Delete App") });
    await expect(confirm).toBeVisible();
    await expect(failure).toBeHidden();
    await expect(confirm.getByRole("button", { name: tr(lang, "Cancel") })).toBeFocused();
    await confirm.getByRole("button", { name: tr(lang, "Cancel") }).click();
    await expect(confirm).toBeHidden();
    await expect(heading).toBeVisible();
  });
}
