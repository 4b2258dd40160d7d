import { expect, test } from "@playwright/test";
import { tr } from "./helpers/catalog.ts";
import { signIn, startSignedIn, uniqueEmail } from "./helpers/session.ts";

test("an app created in a second browser appears in the first one without a reload", async ({ browser, baseURL }) => {
  test.slow();
  const email = uniqueEmail("live");
  const first = await browser.newContext({ baseURL });
  const second = await browser.newContext({ baseURL });
  try {
    const watcher = await first.newPage();
    await startSignedIn(watcher, "en", email);
    const socketOpen = watcher.waitForEvent("websocket", (ws) => ws.url().includes("/api/v1/ws/user-notify"));
    await watcher.reload();
    await socketOpen;
    let reloaded = false;
    watcher.on("load", () => {
      reloaded = true;
    });

    const actor = await second.newPage();
    await signIn(actor, "en", email);
    await actor
      .getByRole("main")
      .getByRole("button", { name: tr("en", "Create App") })
      .click();
    const dialog = actor.getByRole("dialog", { name: tr("en", "Create new app") });
    await dialog.getByLabel(tr("en", "Title")).fill("Made elsewhere");
    await dialog.getByRole("button", { name: tr("en", "Create App") }).click();
    await expect(actor).toHaveURL(/\/apps\//);

    await expect(watcher.getByRole("navigation").getByRole("link", { name: "Made elsewhere" })).toBeVisible();
    expect(reloaded).toBe(false);
  } finally {
    await first.close();
    await second.close();
  }
});
