import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { tr } from "./helpers/catalog.ts";
import { requireEndpoints } from "./helpers/endpoints.ts";
import { signIn, signOut, signUpAndVerify, uniqueEmail, useLanguage } from "./helpers/session.ts";

const lang = "en" as const;
const SECRET_VALUE = "sk_live_never_persisted_7f3a";

/** Everything the page can read back from IndexedDB and Cache Storage, as one string. */
async function offlineStores(page: Page): Promise<{ idb: string; caches: string; cacheNames: string[] }> {
  return page.evaluate(async () => {
    const dump: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name as string);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        dump.push(JSON.stringify(values));
      }
      db.close();
    }
    const cacheDump: string[] = [];
    const cacheNames = await caches.keys();
    for (const name of cacheNames) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        cacheDump.push(`${request.url}\n${response ? await response.text() : ""}`);
      }
    }
    return { idb: dump.join("\n"), caches: cacheDump.join("\n"), cacheNames };
  });
}

/** The persisted Query cache is written a moment after a change (throttled); wait for it. */
async function waitForPersisted(page: Page, text: string): Promise<void> {
  await expect.poll(async () => (await offlineStores(page)).idb).toContain(text);
}

async function serverApps(context: BrowserContext): Promise<{ id: string; title: string }[]> {
  const response = await context.request.get("/api/v1/apps");
  expect(response.status()).toBe(200);
  const [data] = (await response.json()) as [{ id: string; title: string }[], unknown];
  return data;
}

async function createAppThroughApi(context: BrowserContext, title: string): Promise<string> {
  const response = await context.request.post("/api/v1/apps", { data: { title } });
  expect(response.status()).toBe(201);
  const [app] = (await response.json()) as [{ id: string }, unknown];
  return app.id;
}

async function goOfflineAndReload(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.reload();
}

test.describe("offline data", () => {
  test.beforeEach(async ({ context }) => {
    test.slow();
    await useLanguage(context, lang);
  });

  test("signed in offline: cached lists, queued create replayed, changes from elsewhere resync, no secrets kept, sign-out empties", async ({
    page,
    context,
    browser,
  }) => {
    await requireEndpoints("signUp", "verifyEmail", "projectInit", "apps", "secrets", "databases");
    test.setTimeout(240_000);
    const email = uniqueEmail("pwa-offline");
    await signUpAndVerify(page, lang, email);
    await page.evaluate(() => navigator.serviceWorker.ready);

    const nav = page.getByRole("navigation");
    const existingId = await createAppThroughApi(context, "Seen online");
    await page.reload();
    await expect(nav.getByRole("link", { name: "Seen online" })).toBeVisible();
    const databases = await (await context.request.get("/api/v1/db")).json();
    const dbName: string = databases[0][0].name;
    await expect(nav.getByRole("link", { name: dbName })).toBeVisible();

    // Use the secrets dialog, so the value has been on screen and in the Query cache.
    await nav.getByRole("link", { name: "Seen online" }).click();
    await page.getByRole("button", { name: tr(lang, "Environment Variables") }).click();
    const envDialog = page.getByRole("dialog", { name: tr(lang, "Environment Variables") });
    await envDialog.getByRole("button", { name: tr(lang, "Add New") }).click();
    await envDialog.getByLabel(tr(lang, "Key"), { exact: true }).fill("API_KEY");
    await envDialog.getByLabel(tr(lang, "Value"), { exact: true }).fill(SECRET_VALUE);
    await envDialog.getByRole("button", { name: tr(lang, "Add"), exact: true }).click();
    const row = envDialog.getByRole("listitem").filter({ hasText: "API_KEY" });
    await row.getByRole("button", { name: tr(lang, "Show value of {key}", { key: "API_KEY" }) }).click();
    await expect(envDialog.getByText(SECRET_VALUE)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(envDialog).toBeHidden();
    await waitForPersisted(page, "Seen online");

    // The secret was used: neither IndexedDB nor any cache of the service worker holds it.
    const afterSecrets = await offlineStores(page);
    expect(afterSecrets.idb).toContain(existingId);
    expect(afterSecrets.idb).not.toContain(SECRET_VALUE);
    expect(afterSecrets.caches).not.toContain(SECRET_VALUE);

    // Offline reload: the shell, the cached lists and the indicator, not the login page.
    await page.goto("/");
    await expect(nav.getByRole("link", { name: "Seen online" })).toBeVisible();
    await goOfflineAndReload(page, context);
    await expect(page.getByTestId("offline-indicator")).toBeVisible();
    await expect(page.getByRole("heading", { name: tr(lang, "Your Apps") })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Seen online" })).toBeVisible();
    await expect(nav.getByRole("link", { name: dbName })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // Meanwhile a second browser of the same user creates an app.
    const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const otherPage = await other.newPage();
    await signIn(otherPage, lang, email);
    await createAppThroughApi(other, "Made elsewhere");
    await expect(nav.getByRole("link", { name: "Made elsewhere" })).toHaveCount(0);

    // Create offline: queued, shown at once, sent when the network returns.
    await page
      .getByRole("main")
      .getByRole("button", { name: tr(lang, "Create App") })
      .click();
    const createDialog = page.getByRole("dialog", { name: tr(lang, "Create new app") });
    await createDialog.getByLabel(tr(lang, "Title")).fill("Made offline");
    await createDialog.getByRole("button", { name: tr(lang, "Create App") }).click();
    await expect(createDialog).toBeHidden();
    await expect(nav.getByRole("link", { name: "Made offline" })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByTestId("offline-indicator")).toBeHidden();
    await expect.poll(async () => (await serverApps(context)).map((a) => a.title)).toContain("Made offline");
    const created = (await serverApps(context)).find((a) => a.title === "Made offline");
    await expect(nav.getByRole("link", { name: "Made offline" })).toHaveAttribute("href", `/apps/${created?.id}`);
    // The change from the other browser arrives without a reload.
    await expect(nav.getByRole("link", { name: "Made elsewhere" })).toBeVisible();
    await other.close();

    // Sign-out empties the persisted store and every runtime cache.
    await waitForPersisted(page, "Made elsewhere");
    await signOut(page, lang, email);
    await expect
      .poll(async () => {
        const stores = await offlineStores(page);
        return {
          userDataInIdb: ["Seen online", "Made offline", existingId, email].filter((s) => stores.idb.includes(s)),
          runtimeCaches: stores.cacheNames.filter((n) => !n.startsWith("workbox-precache")),
          secretInCaches: stores.caches.includes(SECRET_VALUE),
        };
      })
      .toEqual({ userDataInIdb: [], runtimeCaches: [], secretInCaches: false });
    // Still empty once the persister's throttled writes have had their chance.
    await page.waitForTimeout(1500);
    expect((await offlineStores(page)).idb).not.toContain("Seen online");
  });

  test("a queued change that fails on replay shows a toast and the list shows the server's truth", async ({
    page,
    context,
    browser,
  }) => {
    await requireEndpoints("signUp", "verifyEmail", "projectInit", "apps");
    test.setTimeout(240_000);
    const email = uniqueEmail("pwa-replay");
    await signUpAndVerify(page, lang, email);
    const appId = await createAppThroughApi(context, "Doomed");
    const nav = page.getByRole("navigation");
    await page.reload();
    await nav.getByRole("link", { name: "Doomed" }).click();
    await expect(page.getByRole("heading", { name: "Doomed" })).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByTestId("offline-indicator")).toBeVisible();
    // Another browser deletes it first; the replayed delete then meets 404 APP_NOT_FOUND.
    const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const response = await other.request.fetch(`/api/v1/apps/${appId}`, { method: "DELETE" });
    // Not signed in there yet: sign in, then delete.
    if (response.status() === 401) {
      const otherPage = await other.newPage();
      await signIn(otherPage, lang, email);
      expect((await other.request.delete(`/api/v1/apps/${appId}`)).status()).toBe(200);
    }
    await other.close();

    // Delete it offline: queued.
    await page.getByRole("button", { name: tr(lang, "Delete App") }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: tr(lang, "Delete App") })
      .click();
    await expect(
      page.locator("[data-sonner-toast]").filter({
        hasText: tr(lang, "You are offline. The app will be deleted when you are back online."),
      }),
    ).toBeVisible();

    await context.setOffline(false);
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: tr(lang, "Failed to delete app") }),
    ).toBeVisible();
    await expect(nav.getByRole("link", { name: "Doomed" })).toHaveCount(0);
  });

  test("schema trees and table pages already viewed open offline", async ({ page, context }) => {
    await requireEndpoints("signUp", "verifyEmail", "projectInit", "databases");
    test.setTimeout(240_000);
    await signUpAndVerify(page, lang, uniqueEmail("pwa-db"));
    const [databases] = await (await context.request.get("/api/v1/db")).json();
    const dbId: string = databases[0].id;
    const execute = await context.request.post(`/api/v1/db/${dbId}/execute`, {
      data: {
        sql: "create table plant (id int primary key, name text); insert into plant values (1, 'fern offline');",
      },
    });
    expect(execute.status()).toBe(200);

    await page.goto(`/db/${dbId}`);
    const tree = page.getByRole("region", { name: tr(lang, "Schema") });
    await tree.getByRole("button", { name: "plant", exact: true }).click();
    const grid = page.getByRole("region", { name: tr(lang, "Table {0}", { 0: "plant" }) }).getByRole("grid");
    await expect(grid.getByRole("gridcell", { name: "fern offline", exact: true })).toBeVisible();
    await waitForPersisted(page, "fern offline");

    await goOfflineAndReload(page, context);
    await expect(page.getByTestId("offline-indicator")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/db/${dbId}$`));
    await tree.getByRole("button", { name: "plant", exact: true }).click();
    await expect(grid.getByRole("gridcell", { name: "fern offline", exact: true })).toBeVisible();
    await context.setOffline(false);
  });
});
