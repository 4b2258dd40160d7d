import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, type Page, test } from "@playwright/test";
import { parse } from "dotenv";
import { buildCli } from "../../scripts/cli-build.mjs";
import { createApp } from "./helpers/apps.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { typeNameToConfirm } from "./helpers/confirm.ts";
import { startSignedIn, uniqueEmail, useLanguage } from "./helpers/session.ts";

const run = promisify(execFile);

const MASK = "••••••••••••";
/** A value that a one-line input or a trimming server would break. */
const PEM = "-----BEGIN PRIVATE KEY-----\n  MIIBVAIBADANBg\tkqhkiG9w0 \nGrüße 🎉\n-----END PRIVATE KEY-----\n";

/** The secrets exactly as the API stores them, read with the page's own session. */
async function storedSecrets(page: Page, appId: string): Promise<Record<string, string>> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/v1/apps/${id}/secrets`, { credentials: "same-origin" });
    const [secrets] = (await response.json()) as [Array<{ key: string; decryptedValue: string }>];
    return Object.fromEntries(secrets.map((s) => [s.key, s.decryptedValue]));
  }, appId);
}

async function shoot(page: Page, name: string, lang: Lang) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Nothing may be wider than the screen (the message names what sticks out). Polled: the
    // sidebar turns into a drawer a render after the viewport changes.
    await expect
      .poll(() =>
        page.evaluate((max) => {
          const out: string[] = [];
          for (const el of document.querySelectorAll("body *")) {
            const box = el.getBoundingClientRect();
            const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").slice(0, 40);
            if (box.right > max + 1 && box.width > 0) out.push(`${el.tagName} "${name}" ${Math.round(box.right)}`);
          }
          return out.slice(0, 5);
        }, width),
      )
      .toEqual([]);
    await page.screenshot({ path: `test-results/screens/${name}-${lang}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const lang of journeyLangs("en")) {
  test.describe(`apps and secrets (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      // Every test signs a new user up, and project initialisation can take a while (see session.ts).
      test.slow();
      await useLanguage(context, lang);
    });

    test("the app's page: secrets with replace confirmation, multi-line values, history, danger zone", async ({
      page,
    }) => {
      test.slow();
      await startSignedIn(page, lang, uniqueEmail(`apps-${lang}`));

      // Create: the title is required, cancel keeps nothing.
      await page
        .getByRole("navigation")
        .getByRole("link", { name: tr(lang, "Create App") })
        .click();
      const createDialog = page.getByRole("dialog", { name: tr(lang, "Create new app") });
      await createDialog.getByRole("button", { name: tr(lang, "Create App") }).click();
      await expect(createDialog.getByLabel(tr(lang, "Title"))).toHaveJSProperty("validity.valueMissing", true);
      await createDialog.getByRole("button", { name: tr(lang, "Cancel") }).click();
      await expect(createDialog).toBeHidden();

      const title = `Shop ${lang}`;
      const appId = await createApp(page, lang, title, "Sells things");
      const nav = page.getByRole("navigation");
      await expect(nav.getByRole("link", { name: title })).toHaveAttribute("href", `/apps/${appId}`);
      // The page is the app's own: its title is the heading, no "Your Apps", no list of apps.
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole("heading", { name: tr(lang, "Your Apps") })).toHaveCount(0);
      await expect(page.getByRole("main").getByText("Sells things")).toBeVisible();
      const secrets = page.getByRole("region", { name: tr(lang, "Environment Variables") });
      await expect(secrets.getByText(tr(lang, "No environment variables found"))).toBeVisible();

      // Add New: submit stays disabled until key and value are both filled.
      await secrets.getByRole("button", { name: tr(lang, "Add New") }).click();
      const add = secrets.getByRole("button", { name: tr(lang, "Add"), exact: true });
      await expect(add).toBeDisabled();
      await secrets.getByLabel(tr(lang, "Key"), { exact: true }).fill("API_KEY");
      await expect(add).toBeDisabled();
      await secrets.getByLabel(tr(lang, "Value"), { exact: true }).fill("sk_live_51Habc123");
      await add.click();
      await expect(secrets.getByLabel(tr(lang, "Key"), { exact: true })).toHaveCount(0);
      const apiRow = secrets.getByRole("listitem").filter({ hasText: "API_KEY" });
      await expect(apiRow.getByTestId("secret-value")).toHaveText(MASK);

      // Adding the same key asks first; Cancel leaves the value as it was.
      await secrets.getByRole("button", { name: tr(lang, "Add New") }).click();
      await secrets.getByLabel(tr(lang, "Key"), { exact: true }).fill("API_KEY");
      await secrets.getByLabel(tr(lang, "Value"), { exact: true }).fill("overwritten");
      await secrets.getByRole("button", { name: tr(lang, "Add"), exact: true }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText(
        tr(lang, "<0>{key}</0> exists. Replace its value?", { key: "API_KEY" }).replace(/<\/?0>/g, ""),
      );
      await expectNoSeriousA11yViolations(page, "replace confirmation", { modalOpen: true });
      await confirm.getByRole("button", { name: tr(lang, "Cancel") }).click();
      await expect(confirm).toBeHidden();
      expect((await storedSecrets(page, appId)).API_KEY).toBe("sk_live_51Habc123");
      // ... and Replace replaces.
      await secrets.getByRole("button", { name: tr(lang, "Add"), exact: true }).click();
      await confirm.getByRole("button", { name: tr(lang, "Replace") }).click();
      await expect(confirm).toBeHidden();
      await expect.poll(async () => (await storedSecrets(page, appId)).API_KEY).toBe("overwritten");

      // A multi-line value goes in and comes back byte for byte: line breaks, edge spaces, tab, Unicode.
      await secrets.getByRole("button", { name: tr(lang, "Add New") }).click();
      await secrets.getByLabel(tr(lang, "Key"), { exact: true }).fill("PRIVATE_KEY");
      const value = secrets.getByLabel(tr(lang, "Value"), { exact: true });
      await value.fill(PEM);
      // The box grows with its lines.
      expect(await value.evaluate((el) => el.clientHeight)).toBeGreaterThan(80);
      await secrets.getByRole("button", { name: tr(lang, "Add"), exact: true }).click();
      await expect.poll(async () => (await storedSecrets(page, appId)).PRIVATE_KEY).toBe(PEM);
      const pemRow = secrets.getByRole("listitem").filter({ hasText: "PRIVATE_KEY" });
      await pemRow.getByRole("button", { name: tr(lang, "Show value of {key}", { key: "PRIVATE_KEY" }) }).click();
      expect(await pemRow.getByTestId("secret-value").evaluate((el) => el.textContent)).toBe(PEM);
      // Editing one line keeps the others as they were.
      await pemRow.getByRole("button", { name: tr(lang, "Edit {key}", { key: "PRIVATE_KEY" }) }).click();
      const edit = secrets.getByRole("textbox");
      await expect(edit).toHaveValue(PEM);
      // Esc cancels the edit and keeps the stored value; Ctrl+Enter saves (Enter alone is a line break).
      await edit.fill("discarded");
      await edit.press("Escape");
      await expect(secrets.getByRole("textbox")).toHaveCount(0);
      expect((await storedSecrets(page, appId)).PRIVATE_KEY).toBe(PEM);
      await pemRow.getByRole("button", { name: tr(lang, "Edit {key}", { key: "PRIVATE_KEY" }) }).click();
      await expect(edit).toHaveValue(PEM);
      await edit.fill(`${PEM}# rotated`);
      await edit.press("Enter");
      await edit.press("Control+Enter");
      await expect(secrets.getByRole("textbox")).toHaveCount(0);
      await expect.poll(async () => (await storedSecrets(page, appId)).PRIVATE_KEY).toBe(`${PEM}# rotated\n`);

      // Show all values is recorded; the history names who did what, never a value.
      await secrets.getByRole("button", { name: tr(lang, "Show all values") }).click();
      await expect(apiRow.getByTestId("secret-value")).toHaveText("overwritten");
      await secrets.getByRole("button", { name: tr(lang, "Hide all values") }).click();
      await expect(apiRow.getByTestId("secret-value")).toHaveText(MASK);
      const history = page.getByRole("region", { name: tr(lang, "History") });
      const email = await page.evaluate(
        () => document.body.innerText.match(/e2e-apps-[^\s]+@example\.test/)?.[0] ?? "",
      );
      await expect(history.getByRole("listitem").first()).toContainText(
        tr(lang, "{who} showed all values", { who: email }),
      );
      await expect(history).toContainText(tr(lang, "{who} changed {subject}", { who: email, subject: "PRIVATE_KEY" }));
      await expect(history).toContainText(tr(lang, "{who} added {subject}", { who: email, subject: "API_KEY" }));
      await expect(history).not.toContainText("sk_live_51Habc123");

      // Delete a key: the browser's confirmation; dismissing keeps the row.
      const confirmText = tr(lang, 'Are you sure you want to delete the secret "{key}"?', { key: "API_KEY" });
      page.once("dialog", (d) => {
        expect(d.message()).toBe(confirmText);
        void d.dismiss();
      });
      await apiRow.getByRole("button", { name: tr(lang, "Delete {key}", { key: "API_KEY" }) }).click();
      await expect(apiRow).toBeVisible();
      page.once("dialog", (d) => void d.accept());
      await apiRow.getByRole("button", { name: tr(lang, "Delete {key}", { key: "API_KEY" }) }).click();
      await expect(secrets.getByRole("listitem").filter({ hasText: "API_KEY" })).toHaveCount(0);
      await expect(history).toContainText(tr(lang, "{who} deleted {subject}", { who: email, subject: "API_KEY" }));

      await expectNoSeriousA11yViolations(page, "app page");
      await shoot(page, "app-page", lang);

      // The spec's dialog: from the home page's card, the same panel.
      await page.goto("/");
      await page.getByRole("button", { name: tr(lang, "Environment Variables of {title}", { title }) }).click();
      const envDialog = page.getByRole("dialog", { name: tr(lang, "Environment Variables") });
      await expect(envDialog.getByRole("listitem").filter({ hasText: "PRIVATE_KEY" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "environment variables dialog", { modalOpen: true });
      await envDialog
        .getByRole("button", { name: tr(lang, "Close") })
        .last()
        .click();
      await expect(envDialog).toBeHidden();

      // Delete the app from the danger zone: confirm with its title; cannot be undone.
      await page.getByRole("link", { name: title }).first().click();
      const danger = page.getByRole("region", { name: tr(lang, "Danger zone") });
      await danger.getByRole("button", { name: tr(lang, "Delete App") }).click();
      const deleteDialog = page.getByRole("alertdialog");
      await expect(deleteDialog).toContainText(
        tr(lang, 'Are you sure you want to delete "{title}"? This action cannot be undone.', { title }),
      );
      await expect(deleteDialog.getByRole("button", { name: tr(lang, "Delete App") })).toBeDisabled();
      await typeNameToConfirm(deleteDialog, lang, title);
      await deleteDialog.getByRole("button", { name: tr(lang, "Delete App") }).click();
      await expect(page.getByText(tr(lang, "App deleted successfully")).first()).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(nav.getByRole("link", { name: title })).toHaveCount(0);
    });

    // The offline state needs the service worker (playwright.config.ts blocks it elsewhere).
    test.describe(() => {
      test.use({ serviceWorkers: "allow" });

      test("import preview, service tokens shown once, offline state", async ({ page, context, request }) => {
        test.slow();
        await startSignedIn(page, lang, uniqueEmail(`tokens-${lang}`));
        const appId = await createApp(page, lang, `Tokens ${lang}`, "");
        const secrets = page.getByRole("region", { name: tr(lang, "Environment Variables") });
        await secrets.getByRole("button", { name: tr(lang, "Add New") }).click();
        await secrets.getByLabel(tr(lang, "Key"), { exact: true }).fill("EXISTING");
        await secrets.getByLabel(tr(lang, "Value"), { exact: true }).fill("old");
        await secrets.getByRole("button", { name: tr(lang, "Add"), exact: true }).click();
        await expect(secrets.getByRole("listitem").filter({ hasText: "EXISTING" })).toBeVisible();

        // The page shows the app's id, which the command lines name.
        await expect(page.getByTestId("app-id")).toHaveText(appId);
        await expect(page.getByTestId("run-command")).toHaveText(
          `app-console run --app ${appId} --url ${new URL(page.url()).origin} -- env`,
        );

        // Import: the preview says what is new and what would be replaced; then one step.
        await secrets.getByRole("button", { name: tr(lang, "Import .env") }).click();
        const dialog = page.getByRole("dialog", { name: tr(lang, "Import .env") });
        await dialog
          .getByLabel(tr(lang, ".env contents"))
          .fill('# pasted\nEXISTING=new\nCERT="line 1\nline 2"\nexport QUOTED=\'a "b" c\'\n');
        await dialog.getByRole("button", { name: tr(lang, "Preview") }).click();
        const preview = dialog.getByRole("region", { name: tr(lang, "Preview") });
        await expect(preview.getByRole("listitem").filter({ hasText: "EXISTING" })).toContainText(
          tr(lang, "Will be replaced"),
        );
        await expect(preview.getByRole("listitem").filter({ hasText: "CERT" })).toContainText(tr(lang, "New"));
        await expect(preview.getByRole("listitem").filter({ hasText: "QUOTED" })).toContainText(tr(lang, "New"));
        await expectNoSeriousA11yViolations(page, "import preview", { modalOpen: true });
        await shoot(page, "import-preview", lang);
        // An edit keeps the preview (out of date until the text settles), which then follows the text;
        // an invalid line can be left out by importing the valid ones, and the result names it.
        const contents = dialog.getByLabel(tr(lang, ".env contents"));
        await contents.press("Control+End");
        await contents.pressSequentially("1BAD=x\n");
        await expect(preview.getByRole("listitem").filter({ hasText: "EXISTING" })).toBeVisible();
        await expect(preview.getByRole("listitem").filter({ hasText: "1BAD" })).toContainText(
          tr(lang, "Invalid: not a valid key"),
        );
        await expect(dialog.getByRole("button", { name: tr(lang, "Import"), exact: true })).toBeDisabled();
        await expectNoSeriousA11yViolations(page, "import preview with an invalid line", { modalOpen: true });
        await shoot(page, "import-preview-invalid", lang);
        await dialog.getByRole("button", { name: tr(lang, "Import valid lines only") }).click();
        await expect(dialog).toBeHidden();
        await expect(
          page
            .getByText(
              tr(lang, "Imported: {added} new, {replaced} replaced. Skipped: {skippedKeys}.", {
                added: "2",
                replaced: "1",
                skippedKeys: "1BAD",
              }),
            )
            .first(),
        ).toBeVisible();
        expect(await storedSecrets(page, appId)).toEqual({
          CERT: "line 1\nline 2",
          EXISTING: "new",
          QUOTED: 'a "b" c',
        });

        // Download .env: a file named for the app that ends in .env (never env.txt), with every value.
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          secrets.getByRole("button", { name: tr(lang, "Download .env") }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`tokens-${lang}.env`);
        const saved = await download.path();
        expect(parse(await readFile(saved))).toEqual({ CERT: "line 1\nline 2", EXISTING: "new", QUOTED: 'a "b" c' });

        // A token: created with a name, shown once, then only its last four.
        const tokens = page.getByRole("region", { name: tr(lang, "Service tokens") });
        await tokens.getByRole("button", { name: tr(lang, "New token") }).click();
        await tokens.getByLabel(tr(lang, "Name")).fill("ci deploy");
        await tokens.getByRole("button", { name: tr(lang, "Create token") }).click();
        const shown = page.getByRole("dialog", { name: tr(lang, "Copy your token now") });
        const token = (await shown.getByTestId("new-token").textContent()) ?? "";
        expect(token).toMatch(/^console_st_/);
        // The command beside it runs as shown: this console's address, the app's id and the token.
        const command = (await shown.getByTestId("token-command").textContent()) ?? "";
        const origin = new URL(page.url()).origin;
        expect(command).toBe(`CONSOLE_TOKEN=${token} app-console secrets pull --app ${appId} --url ${origin}`);
        const home = await mkdtemp(join(tmpdir(), "cli-home-"));
        // app-console is the one built file (as npm run build:cli writes it, here outside the
        // repository) where an install puts it on the PATH.
        const cli = await buildCli(join(home, "app-console.mjs"));
        const pulled = await run("sh", ["-c", command.replace("app-console", `node ${cli}`)], {
          env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home },
          encoding: "utf8",
        });
        expect(parse(pulled.stdout)).toEqual({ CERT: "line 1\nline 2", EXISTING: "new", QUOTED: 'a "b" c' });
        await expectNoSeriousA11yViolations(page, "token shown once", { modalOpen: true });
        await shoot(page, "token-once", lang);
        await shown.getByRole("button", { name: tr(lang, "Done") }).click();
        await expect(shown).toBeHidden();
        await expect(page.getByText(token)).toHaveCount(0);
        await expect(tokens.getByRole("listitem").filter({ hasText: "ci deploy" })).toContainText(
          `…${token.slice(-4)}`,
        );

        // The token reads the secrets from outside the browser, and the read shows up live.
        const read = await request.get(`/api/v1/apps/${appId}/secrets`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(read.status()).toBe(200);
        const history = page.getByRole("region", { name: tr(lang, "History") });
        await expect(history.getByRole("listitem").first()).toContainText(
          tr(lang, 'Token "{subject}" read the secrets', { subject: "ci deploy" }),
        );

        // Revoked at once.
        await tokens.getByRole("button", { name: tr(lang, "Revoke") }).click();
        await page
          .getByRole("alertdialog")
          .getByRole("button", { name: tr(lang, "Revoke") })
          .click();
        await expect(tokens.getByText(tr(lang, "No service tokens yet."))).toBeVisible();
        const refused = await request.get(`/api/v1/apps/${appId}/secrets`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(refused.status()).toBe(401);

        // Offline: secrets are never kept, the page says so and allows no change. The service worker
        // must control the page first, so that a reload offline still finds the app.
        await page.evaluate(() => navigator.serviceWorker.ready);
        if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
        await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
        await expect(secrets.getByRole("listitem").filter({ hasText: "CERT" })).toBeVisible();
        await context.setOffline(true);
        const notice = secrets.getByTestId("secrets-offline");
        await expect(notice).toHaveText(
          tr(
            lang,
            "Secrets are not available offline: they are never stored on this device. Changes are disabled until you are back online.",
          ),
        );
        await expect(secrets.getByRole("button", { name: tr(lang, "Add New") })).toBeDisabled();
        await expect(secrets.getByRole("button", { name: tr(lang, "Import .env") })).toBeDisabled();
        await expect(secrets.getByRole("button", { name: tr(lang, "Edit {key}", { key: "CERT" }) })).toBeDisabled();
        await expect(tokens.getByRole("button", { name: tr(lang, "New token") })).toBeDisabled();
        await expectNoSeriousA11yViolations(page, "offline app page");
        await shoot(page, "offline", lang);
        // A reload offline shows the notice, not a loading text that never ends.
        await page.reload();
        await expect(page.getByTestId("secrets-offline")).toBeVisible();
        await expect(page.getByText(tr(lang, "Loading environment variables..."))).toHaveCount(0);
        await context.setOffline(false);
        await expect(page.getByTestId("secrets-offline")).toHaveCount(0);
        await expect(
          page.getByRole("region", { name: tr(lang, "Environment Variables") }).getByText("CERT"),
        ).toBeVisible();
      });
    });
  });
}
