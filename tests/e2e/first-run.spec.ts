import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { readMails } from "../helpers/mail-catcher.ts";
import { startServerProcess } from "../helpers/server-process.ts";
import { createApp } from "./helpers/apps.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { typeNameToConfirm } from "./helpers/confirm.ts";
import { MAIL_SUBJECT } from "./helpers/mail-subjects.ts";
import {
  fillCredentials,
  linkFromMail,
  liveRegion,
  PASSWORD,
  PROJECT_INIT_TIMEOUT_MS,
  startSignedIn,
  uniqueEmail,
  useLanguage,
} from "./helpers/session.ts";

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** At both sizes: nothing wider than the screen, and a screenshot to look at. */
async function checkSizes(page: Page, info: TestInfo, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const measure = () =>
      page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        // What sticks out, to name it when the check fails.
        culprits: [...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 60)}`),
      }));
    // Layouts that follow the width through a media query listener settle a render after the resize;
    // what still sticks out once they have is the defect.
    let last = await measure();
    await expect
      .poll(async () => {
        last = await measure();
        return last.overflow;
      })
      .toBeLessThanOrEqual(0)
      .catch(() => {
        throw new Error(`${name} at ${size.width}px sticks out by ${last.overflow}px: ${last.culprits.join("\n")}`);
      });
    await page.screenshot({ path: info.outputPath(`${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES[0]);
}

/** Toasts of sonner on the page (an error must not be said twice: toast and inline). */
const toasts = (page: Page) => page.locator("[data-sonner-toast]");

const verificationMails = (email: string, lang: Lang) =>
  readMails(process.env.E2E_MAIL_DIR ?? "", email).filter((mail) => MAIL_SUBJECT.verification[lang].test(mail.subject));

for (const lang of journeyLangs("de")) {
  test(`the first start's setup link makes the first operator, once (${lang})`, async ({ browser }, info) => {
    test.setTimeout(300_000);
    // A server of its own with an empty store and no SMTP, as a first `npm start` has it.
    const dataDir = mkdtempSync(join(tmpdir(), `appconsole-e2e-setup-${lang}-`));
    const server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        DIST_DIR: resolve(process.env.E2E_DIST_DIR ?? "dist"),
        NODE_ENV: "development",
      },
      // The link is this test's to use.
      { firstOperator: false },
    );
    const context = await browser.newContext({ baseURL: server.url });
    await context.addCookies([{ name: "locale", value: lang, url: server.url }]);
    const page = await context.newPage();
    try {
      // Printed for the person at the terminal once the server listens (after its first log line).
      await expect.poll(() => server.stderr(), { timeout: 60_000 }).toMatch(/\/setup\?token=/);
      const printed = /(http:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+)/.exec(server.stderr())?.[1];
      expect(printed, `no setup link in:\n${server.stderr()}`).toBeTruthy();
      const link = printed ?? "";
      expect(new URL(link).origin).toBe(server.url);

      // Until the link is used the console takes no sign-ups, and its sign-up page says why.
      await page.goto("/signup");
      await expect(page.getByTestId("setup-pending")).toHaveText(
        tr(
          lang,
          "This instance is not set up yet: no accounts can be created until its operator opens the setup link the server printed at its first start.",
        ),
      );

      // Without the token the page says where the link comes from.
      await page.goto("/setup");
      await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
        tr(lang, "This page needs the setup link the server printed at its first start."),
      );

      await page.goto(link);
      await expect(page.getByRole("heading", { name: tr(lang, "Set up App Console") })).toBeVisible();
      await expect(
        page.getByText(
          tr(lang, "At least {MIN_PASSWORD_LENGTH} and at most {MAX_PASSWORD_LENGTH} characters.", {
            MIN_PASSWORD_LENGTH: "8",
            MAX_PASSWORD_LENGTH: "70",
          }),
        ),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${lang} /setup`);
      await checkSizes(page, info, `setup-${lang}`);

      // A short password is refused in the page, in the visitor's language, once.
      const email = `first-operator-${lang}@example.test`;
      await page.getByLabel(tr(lang, "Email"), { exact: true }).fill(email);
      await page.getByLabel(tr(lang, "Password"), { exact: true }).fill("short");
      await page.getByRole("button", { name: tr(lang, "Create operator account") }).click();
      await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
        tr(lang, "The password is too short: use at least {PASSWORD_MIN_LENGTH} characters.", {
          PASSWORD_MIN_LENGTH: "8",
        }),
      );
      await expect(toasts(page)).toHaveCount(0);

      await page.getByLabel(tr(lang, "Password"), { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: tr(lang, "Create operator account") }).click();
      // Signed in, verified, an operator: the admin area opens; no SMTP, so operators are told where mail goes.
      await expect(page).toHaveURL(/\/admin$/, { timeout: PROJECT_INIT_TIMEOUT_MS });
      const notice = page.getByRole("region", { name: tr(lang, "No mail server") });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole("link")).toHaveAttribute("href", "/admin/emails");
      await expect(page.getByRole("region", { name: tr(lang, "E-mail not verified") })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `${lang} /admin after set-up`);
      await checkSizes(page, info, `admin-after-setup-${lang}`);

      // The link worked once.
      const other = await browser.newContext({ baseURL: server.url });
      await other.addCookies([{ name: "locale", value: lang, url: server.url }]);
      const again = await other.newPage();
      await again.goto(link);
      await expect(again.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
        tr(
          lang,
          "This setup link is not valid: it expired, was used already, or a newer one was printed. Restart the server for a new link if no account exists yet.",
        ),
      );
      await checkSizes(again, info, `setup-used-${lang}`);
      await other.close();
    } finally {
      await context.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test.describe(`first steps (${lang})`, () => {
    test.beforeEach(async ({ context }) => useLanguage(context, lang));

    test("sign-up names the address and resends; an unverified user sees a banner with resend", async ({
      page,
    }, info) => {
      test.slow();
      const email = uniqueEmail(`resend-${lang}`);
      await page.goto("/signup");
      // The password rule shows before anything is sent, and a short one never reaches the server.
      await expect(
        page.getByText(
          tr(lang, "At least {MIN_PASSWORD_LENGTH} and at most {MAX_PASSWORD_LENGTH} characters.", {
            MIN_PASSWORD_LENGTH: "8",
            MAX_PASSWORD_LENGTH: "70",
          }),
        ),
      ).toBeVisible();
      await fillCredentials(page, lang, email, "short");
      await page.getByRole("button", { name: tr(lang, "Sign up"), exact: true }).click();
      await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
        tr(lang, "The password is too short: use at least {PASSWORD_MIN_LENGTH} characters.", {
          PASSWORD_MIN_LENGTH: "8",
        }),
      );
      await expect(toasts(page)).toHaveCount(0);

      await fillCredentials(page, lang, email, PASSWORD);
      await page.getByRole("button", { name: tr(lang, "Sign up"), exact: true }).click();
      await expect(page.getByText(tr(lang, "Please check your email for verification"))).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();
      await expect.poll(() => verificationMails(email, lang).length).toBe(1);
      await expectNoSeriousA11yViolations(page, `${lang} sign-up done`);
      await checkSizes(page, info, `signup-done-${lang}`);

      await page.getByRole("button", { name: tr(lang, "Send the link again") }).click();
      await expect(page.getByText(tr(lang, "A new link is on its way to {email}.", { email }))).toBeVisible();
      await expect.poll(() => verificationMails(email, lang).length).toBe(2);
      // Resting after a send: one click, one mail.
      await expect(page.getByRole("button", { name: tr(lang, "Send the link again") })).toBeDisabled();

      // Signed in but unverified: the console says so, with a resend.
      await page.getByRole("link", { name: tr(lang, "Continue to the console") }).click();
      const banner = page.getByRole("region", { name: tr(lang, "E-mail not verified") });
      await expect(banner).toBeVisible({ timeout: PROJECT_INIT_TIMEOUT_MS });
      await expect(banner).toContainText(email);
      await expectNoSeriousA11yViolations(page, `${lang} unverified banner`);
      await checkSizes(page, info, `unverified-banner-${lang}`);
      await banner.getByRole("button", { name: tr(lang, "Send the link again") }).click();
      await expect(banner.getByText(tr(lang, "A new link is on its way to {email}.", { email }))).toBeVisible();
      await expect.poll(() => verificationMails(email, lang).length).toBe(3);
      // This instance has SMTP: no outbox notice.
      await expect(page.getByRole("region", { name: tr(lang, "No mail server") })).toHaveCount(0);

      // The newest link verifies; the banner is gone.
      await page.goto(await linkFromMail(email, "/verify-email", MAIL_SUBJECT.verification[lang]));
      await expect(liveRegion(page)).toContainText(tr(lang, "Initializing project..."));
      await expect(page).toHaveURL(/\/$/, { timeout: PROJECT_INIT_TIMEOUT_MS });
      await expect(page.getByRole("heading", { name: tr(lang, "Your Apps") })).toBeVisible();
      await expect(page.getByRole("region", { name: tr(lang, "E-mail not verified") })).toHaveCount(0);
    });

    test("refused inputs are said in the user's language, once", async ({ page }, info) => {
      test.slow();
      // A wrong password: the service's code, in words, inline only.
      await page.goto("/login");
      await fillCredentials(page, lang, uniqueEmail(`nobody-${lang}`), "wrong password 1");
      await page.getByRole("button", { name: tr(lang, "Log in"), exact: true }).click();
      await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(tr(lang, "Wrong e-mail or password."));
      await expect(page.getByText(tr(lang, "Wrong e-mail or password."))).toHaveCount(1);
      await expect(toasts(page)).toHaveCount(0);

      // A long error code on the error page stays inside its card on a phone.
      const code = `SOME_VERY_LONG_ERROR_CODE_${"X".repeat(80)}`;
      await page.goto(`/handler/error?errorCode=${code}&message=${encodeURIComponent("Something failed.")}`);
      await expect(page.getByText(code)).toBeVisible();
      await checkSizes(page, info, `handler-error-${lang}`);
      await page.goto(
        "/handler/error?errorCode=VERIFICATION_CODE_EXPIRED&message=The%20verification%20code%20has%20expired.",
      );
      await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
        tr(lang, "This link has expired. Ask for a new one."),
      );

      // An app title of spaces and a key the server would refuse: said before anything is sent.
      await startSignedIn(page, lang, uniqueEmail(`refused-${lang}`));
      await page
        .getByRole("navigation")
        .getByRole("link", { name: tr(lang, "Create App") })
        .click();
      const dialog = page.getByRole("dialog", { name: tr(lang, "Create new app") });
      await dialog.getByLabel(tr(lang, "Title")).fill("   ");
      await dialog.getByRole("button", { name: tr(lang, "Create App") }).click();
      await expect(dialog.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
        tr(lang, "Enter a title (at most {APP_TITLE_MAX_LENGTH} characters).", { APP_TITLE_MAX_LENGTH: "200" }),
      );
      await dialog.getByRole("button", { name: tr(lang, "Cancel") }).click();

      await createApp(page, lang, `Refusals ${lang}`, "");
      const secrets = page.getByRole("region", { name: tr(lang, "Environment Variables") });
      await secrets.getByRole("button", { name: tr(lang, "Add New") }).click();
      await secrets.getByLabel(tr(lang, "Key"), { exact: true }).fill("1st-key");
      await secrets.getByLabel(tr(lang, "Value"), { exact: true }).fill("value");
      await secrets.getByRole("button", { name: tr(lang, "Add"), exact: true }).click();
      const keyRule = tr(lang, "A key starts with a letter or _ and holds only letters, digits and _.");
      await expect(secrets.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(keyRule);
      await expect(page.getByText(keyRule)).toHaveCount(1);
      await expect(toasts(page)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `${lang} refused key`);
      await checkSizes(page, info, `refused-key-${lang}`);

      // Toasts keep the top-left corner, below the header with the logo and the sidebar toggle.
      await page
        .getByRole("region", { name: tr(lang, "Danger zone") })
        .getByRole("button", { name: tr(lang, "Delete App") })
        .click();
      const confirm = page.getByRole("alertdialog", { name: tr(lang, "Delete App") });
      await typeNameToConfirm(confirm, lang, `Refusals ${lang}`);
      await confirm.getByRole("button", { name: tr(lang, "Delete App") }).click();
      const toast = toasts(page).first();
      await expect(toast).toBeVisible();
      const header = await page.locator("header").first().boundingBox();
      const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
      // Polled: the toast slides in from above before it rests.
      await expect.poll(async () => (await toast.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(headerBottom);
      expect((await toast.boundingBox())?.x ?? 999).toBeLessThan(100);
    });
  });
}
