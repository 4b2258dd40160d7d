import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { createApp } from "./helpers/apps.ts";
import { tr } from "./helpers/catalog.ts";
import { typeNameToConfirm } from "./helpers/confirm.ts";
import { expect, test } from "./helpers/csp.ts";
import { setOffline } from "./helpers/offline.ts";
import { signOut, startSignedIn, uniqueEmail } from "./helpers/session.ts";

const BASE_URL = process.env.E2E_BASE_URL ?? "";
/** Workbox's precache holds only the public build; every other cache is runtime data. */
const PRECACHE = "workbox-precache";

const unique = (tag: string) => `${tag} ${randomUUID().slice(0, 6)}`;

/** Every value in every IndexedDB database of the origin, as one text to search. */
function indexedDbText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const out: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await request(indexedDB.open(name));
      for (const store of Array.from(db.objectStoreNames)) {
        out.push(JSON.stringify(await request(db.transaction(store).objectStore(store).getAll())));
      }
      db.close();
    }
    return out.join("\n");
  });
}

/** Each Cache Storage entry as "cache url body". */
function cacheEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        out.push(`${name} ${request.url} ${response ? await response.text() : ""}`);
      }
    }
    return out;
  });
}

/** The first load installs the service worker; a reload puts the page under its control. */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The app list as the server has it, asked with the browser's own session cookies. */
async function serverAppTitles(context: BrowserContext): Promise<string[]> {
  const response = await context.request.get(`${BASE_URL}/api/v1/apps`);
  expect(response.status()).toBe(200);
  const [apps] = (await response.json()) as [{ title: string }[], unknown];
  return apps.map((app) => app.title);
}

/** A second browser of the same user, e.g. another device. */
async function secondDevice(context: BrowserContext) {
  const browser = context.browser();
  if (!browser) throw new Error("the context has no browser");
  return browser.newContext({ storageState: await context.storageState() });
}

test.describe("offline PWA", () => {
  // Offline use needs the service worker (playwright.config.ts blocks it for the other specs).
  test.use({ serviceWorkers: "allow" });

  test.beforeEach(async () => {
    // Each test signs a new user up, and project initialisation can take a while (see session.ts).
    test.slow();
  });

  test("reloads offline into the saved lists, queues an app created offline and sends it once back online", async ({
    page,
    context,
  }) => {
    await startSignedIn(page, "en", uniqueEmail("offline"));
    const seen = unique("Seen online");
    await createApp(page, "en", seen, "Loaded before the network went");
    await underServiceWorker(page);
    await expect.poll(() => indexedDbText(page)).toContain(seen);

    await setOffline(context, true);
    await page.reload();
    const nav = page.getByRole("navigation");
    await expect(nav.getByRole("link", { name: seen })).toBeVisible();
    await expect(nav.getByRole("link", { name: "default" })).toBeVisible();
    await expect(page.getByTestId("offline-indicator")).toHaveText(
      tr("en", "Offline: showing saved data. Changes are sent when you are back online."),
    );
    await expect(page).not.toHaveURL(/\/login/);

    // Created offline: shown at once, kept across a reload, sent when the network returns.
    const queued = unique("Made offline");
    await nav.getByRole("link", { name: tr("en", "Create App") }).click();
    const dialog = page.getByRole("dialog", { name: tr("en", "Create new app") });
    await dialog.getByLabel(tr("en", "Title")).fill(queued);
    await dialog.getByRole("button", { name: tr("en", "Create App") }).click();
    await expect(
      page.getByText(tr("en", "You are offline. The app will be created when you are back online.")).first(),
    ).toBeVisible();
    await expect(nav.getByText(queued)).toBeVisible();
    await expect.poll(() => indexedDbText(page)).toMatch(/"isPaused":true/);
    await page.reload();
    await expect(nav.getByText(queued)).toBeVisible();
    expect(await serverAppTitles(context)).not.toContain(queued);

    await setOffline(context, false);
    await expect(page.getByTestId("offline-indicator")).toBeHidden();
    await expect.poll(() => serverAppTitles(context)).toContain(queued);
    // The list now links to the real app, and the replay created it once.
    await expect(nav.getByRole("link", { name: queued })).toHaveAttribute("href", /^\/apps\/(?!pending)/);
    expect((await serverAppTitles(context)).filter((title) => title === queued)).toHaveLength(1);
  });

  test("a change made on another device while offline appears after reconnecting, without a reload", async ({
    page,
    context,
  }) => {
    await startSignedIn(page, "en", uniqueEmail("resync"));
    const other = await secondDevice(context);
    const nav = page.getByRole("navigation");

    await setOffline(context, true);
    await expect(page.getByTestId("offline-indicator")).toBeVisible();
    const elsewhere = unique("Made elsewhere");
    const created = await other.request.post(`${BASE_URL}/api/v1/apps`, { data: { title: elsewhere } });
    expect(created.status()).toBe(201);
    await expect(nav.getByText(elsewhere)).toHaveCount(0);

    await setOffline(context, false);
    await expect(nav.getByRole("link", { name: elsewhere })).toBeVisible();
    await other.close();
  });

  test("secret values reach neither IndexedDB nor Cache Storage, and sign-out empties both", async ({ page }) => {
    const email = uniqueEmail("no-secrets");
    await startSignedIn(page, "en", email);
    await underServiceWorker(page);
    const title = unique("Has secrets");
    await createApp(page, "en", title, "");
    const sentinel = `sk_sentinel_${randomUUID()}`;

    // The app's page shows its environment variables.
    const envDialog = page.getByRole("region", { name: tr("en", "Environment Variables") });
    await envDialog.getByRole("button", { name: tr("en", "Add New") }).click();
    await envDialog.getByLabel(tr("en", "Key"), { exact: true }).fill("SENTINEL");
    await envDialog.getByLabel(tr("en", "Value"), { exact: true }).fill(sentinel);
    await envDialog.getByRole("button", { name: tr("en", "Add"), exact: true }).click();
    const row = envDialog.getByRole("listitem").filter({ hasText: "SENTINEL" });
    await row.getByRole("button", { name: tr("en", "Show value of {key}", { key: "SENTINEL" }) }).click();
    await expect(row.getByTestId("secret-value")).toHaveText(sentinel);

    // A later change is persisted, so whatever the cache held after the dialog was written too.
    const later = unique("After secrets");
    await createApp(page, "en", later, "");
    await expect.poll(() => indexedDbText(page)).toContain(later);
    expect(await indexedDbText(page)).not.toContain(sentinel);
    expect((await cacheEntries(page)).join("\n")).not.toContain(sentinel);

    await signOut(page, "en", email);
    await expect.poll(() => indexedDbText(page)).not.toContain(title);
    expect(await indexedDbText(page)).not.toContain(later);
    expect((await cacheEntries(page)).filter((entry) => !entry.startsWith(PRECACHE))).toEqual([]);
  });

  test("schema trees and table pages already viewed open offline", async ({ page, context }) => {
    await startSignedIn(page, "en", uniqueEmail("offline-db"));
    const databases = await context.request.get(`${BASE_URL}/api/v1/db`);
    const [[database]] = (await databases.json()) as [[{ id: string }]];
    const created = await context.request.post(`${BASE_URL}/api/v1/db/${database.id}/execute`, {
      data: {
        sql: "create table plant (id int primary key, name text); insert into plant values (1, 'fern offline');",
      },
    });
    expect(created.status()).toBe(200);

    await page.goto(`/db/${database.id}`);
    await underServiceWorker(page);
    const tree = page.getByRole("region", { name: tr("en", "Schema") });
    const grid = page.getByRole("region", { name: tr("en", "Table {0}", { 0: "plant" }) }).getByRole("grid");
    await tree.getByRole("button", { name: "plant", exact: true }).click();
    await expect(grid.getByRole("gridcell", { name: "fern offline", exact: true })).toBeVisible();
    await expect.poll(() => indexedDbText(page)).toContain("fern offline");

    await setOffline(context, true);
    await page.reload();
    await expect(page.getByTestId("offline-indicator")).toBeVisible();
    await tree.getByRole("button", { name: "plant", exact: true }).click();
    await expect(grid.getByRole("gridcell", { name: "fern offline", exact: true })).toBeVisible();
    await setOffline(context, false);
  });

  test("a queued change that fails on replay says so, and the list shows the server's truth", async ({
    page,
    context,
  }) => {
    await startSignedIn(page, "en", uniqueEmail("replay-fails"));
    const title = unique("Deleted twice");
    const appId = await createApp(page, "en", title, "");
    // Offline, the delete dialog's code comes from the service worker's precache: as a returning
    // user has it, not a first visit whose worker is still installing.
    await underServiceWorker(page);
    const other = await secondDevice(context);
    const nav = page.getByRole("navigation");

    await setOffline(context, true);
    await page.getByRole("button", { name: tr("en", "Delete App") }).click();
    await typeNameToConfirm(page.getByRole("alertdialog"), "en", title);
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: tr("en", "Delete App") })
      .click();
    await expect(
      page.getByText(tr("en", "You are offline. The app will be deleted when you are back online.")).first(),
    ).toBeVisible();
    // Meanwhile another device deletes it: the queued delete will find nothing.
    const deleted = await other.request.delete(`${BASE_URL}/api/v1/apps/${appId}`);
    expect(deleted.status()).toBe(200);

    await setOffline(context, false);
    await expect(page.getByText(new RegExp(`^${tr("en", "Failed to delete app")}`)).first()).toBeVisible();
    await expect(nav.getByText(title)).toHaveCount(0);
    await other.close();
  });
});
