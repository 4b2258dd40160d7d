import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { type Lang, tr } from "./helpers/catalog.ts";
import { test as cspTest, expect } from "./helpers/csp.ts";
import { configureE2eProject, e2eAdminKey } from "./helpers/e2e-project.ts";
import { ADMIN_EMAILS, OPERATOR_EMAILS, signInAsOperator } from "./helpers/operators.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";

/** Creating a branch: the same order of work as a new project's first database (PROJECT_INIT_TIMEOUT_MS). */
const BRANCH_TIMEOUT_MS = 60_000;

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
/** Both languages and both sizes, without running every pairing of them. */
const RUNS = [
  { lang: "en", viewport: "desktop" },
  { lang: "de", viewport: "phone" },
] as const satisfies ReadonlyArray<{ lang: Lang; viewport: keyof typeof VIEWPORTS }>;

/**
 * An instance backup copies every database of the instance. On the shared e2e server that is every
 * database the other specs made (gigabytes by the time this runs, minutes of disk work), so the
 * backup is taken of an instance of its own, started for this file: what is shown and sealed is the
 * same, and the archive is a few megabytes.
 */
interface OwnInstance {
  server: ServerProcess;
  adminKey: string;
}

const test = cspTest.extend<{ ownInstance: string }, { backupServer: OwnInstance }>({
  backupServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), "appconsole-e2e-backups-"));
      const adminKey = e2eAdminKey();
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        DIST_DIR: resolve(process.env.E2E_DIST_DIR ?? "dist"),
        BACKUP_DIR: join(dataDir, "backups"),
        ADMIN_EMAILS,
        STACK_SUPER_SECRET_ADMIN_KEY: adminKey,
      });
      try {
        await configureE2eProject(server.url, adminKey);
        await use({ server, adminKey });
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ backupServer }, use) => use(backupServer.server.url),
  // The session helpers reach the server through E2E_BASE_URL and E2E_ADMIN_KEY: this instance's,
  // for this test only (the worker goes on to other specs on the shared server).
  ownInstance: [
    async ({ backupServer }, use) => {
      const shared = { url: process.env.E2E_BASE_URL, key: process.env.E2E_ADMIN_KEY };
      process.env.E2E_BASE_URL = backupServer.server.url;
      process.env.E2E_ADMIN_KEY = backupServer.adminKey;
      try {
        await use(backupServer.server.url);
      } finally {
        process.env.E2E_BASE_URL = shared.url;
        process.env.E2E_ADMIN_KEY = shared.key;
      }
    },
    { auto: true },
  ],
});

// An operator backs the instance up from the admin area and sees the archive listed, sealed.
for (const { lang, viewport } of RUNS) {
  test(`an operator backs the instance up (${lang}, ${viewport})`, async ({ page, context }) => {
    // Its own server starts first (the worker fixture) on a busy machine.
    test.slow();
    await useLanguage(context, lang);
    await page.setViewportSize(VIEWPORTS[viewport]);
    await signInAsOperator(page, lang, OPERATOR_EMAILS.backups[lang]);
    await page.goto("/admin/backups");
    await expect(page.getByRole("heading", { name: tr(lang, "Backups"), level: 2 })).toBeVisible();
    await page.getByRole("button", { name: tr(lang, "Back up now"), exact: true }).click();
    // The run's line names its archive once written; that archive is listed, sealed.
    const written = page.getByText(/\): backup-[^ ]+\.tar/).first();
    await expect(written).toBeVisible({ timeout: 30_000 });
    const archive = /backup-[^ ]+\.tar/.exec((await written.textContent()) ?? "")?.[0] ?? "";
    const row = page.getByRole("row").filter({ hasText: archive });
    await expect(row).toContainText(tr(lang, "Sealed"));
    await expect(page.getByText(/npm run restore -- /)).toBeVisible();
    await page.screenshot({ path: `/tmp/backups-e2e-admin-${lang}-${viewport}.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, `${lang} ${viewport} /admin/backups`);
  });
}

// A user branches a database from its page's menu and lands on the branch (the shared server).
for (const { lang, viewport } of RUNS) {
  cspTest(`a user branches a database (${lang}, ${viewport})`, async ({ page, context }, info) => {
    // A new database, then a copy of it: PGlite cluster work that BRANCH_TIMEOUT_MS alone may take.
    cspTest.slow();
    await useLanguage(context, lang);
    await page.setViewportSize(VIEWPORTS[viewport]);
    await startSignedIn(page, lang, uniqueEmail(`branch-${lang}-${viewport}`));
    if (viewport === "phone") await page.getByRole("button", { name: tr(lang, "Toggle sidebar") }).click();
    await page
      .getByRole("region", { name: tr(lang, "Databases") })
      .getByRole("button", { name: tr(lang, "New database") })
      .click();
    const create = page.getByRole("dialog", { name: tr(lang, "New database") });
    await create.getByLabel(tr(lang, "Name"), { exact: true }).fill("shop");
    await create.getByRole("button", { name: tr(lang, "Create database") }).click();
    await expect(page.getByRole("heading", { name: "shop" })).toBeVisible();
    const shopUrl = page.url();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });

    await page.getByRole("button", { name: tr(lang, "Database actions") }).click();
    await page.getByRole("menuitem", { name: tr(lang, "Create branch…") }).click();
    const branch = page.getByRole("dialog", { name: tr(lang, "Create branch") });
    await expect(branch.getByLabel(tr(lang, "Name"), { exact: true })).toHaveValue("shop-branch");
    await branch.getByRole("radio", { name: new RegExp(tr(lang, "Schema only")) }).check();
    await page.screenshot({ path: `/tmp/backups-e2e-branch-${lang}-${viewport}.png` });
    await expectNoSeriousA11yViolations(page, `${lang} ${viewport} branch dialog`, { modalOpen: true });
    await branch.getByRole("button", { name: tr(lang, "Create branch"), exact: true }).click();
    // A branch copies a whole database (a PGlite cluster's files, then a start of the copy): seconds
    // of work that the dialog shows while it runs, longer on a busy two-core machine.
    await expect(branch).toHaveCount(0, { timeout: BRANCH_TIMEOUT_MS });
    await expect(page.getByRole("heading", { name: "shop-branch" })).toBeVisible();
    expect(page.url()).not.toBe(shopUrl);
    info.annotations.push({ type: "branch", description: page.url() });
  });
}
