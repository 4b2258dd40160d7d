import { expect, type Page, test } from "@playwright/test";
import { CONSENT_TEXTS } from "../../server/auth/routes/auth/oauth/dev-provider/consent-texts.ts";
import { expectNoSeriousA11yViolations } from "./helpers/axe.ts";
import { journeyLangs, type Lang, tr } from "./helpers/catalog.ts";
import { useLanguage } from "./helpers/session.ts";

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const standInNote = (lang: Lang) =>
  tr(lang, "Development sign-in: this server stands in for {standIns} and checks no password.", {
    standIns: new Intl.ListFormat(lang, { type: "conjunction" }).format(["GitHub", "Google"]),
  });

async function expectNoHorizontalOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} is wider than the screen`).toBeLessThanOrEqual(0);
}

async function openConsentPage(page: Page, lang: Lang) {
  await page.goto("/login");
  await page.getByRole("button", { name: tr(lang, "Continue with GitHub") }).click();
  await expect(page.getByRole("heading", { name: CONSENT_TEXTS[lang].heading("GitHub") })).toBeVisible();
}

// The shared server switches the development provider on (global-setup.ts), on loopback.
for (const lang of journeyLangs("en")) {
  test.describe(`development OAuth provider (${lang})`, () => {
    test.beforeEach(async ({ context }) => useLanguage(context, lang));

    test("the sign-in pages say that GitHub and Google are development stand-ins", async ({ page }, testInfo) => {
      for (const path of ["/login", "/signup"]) {
        await page.goto(path);
        await expect(page.getByRole("button", { name: tr(lang, "Continue with GitHub") })).toBeVisible();
        await expect(page.getByRole("button", { name: tr(lang, "Continue with Google") })).toBeVisible();
        await expect(page.getByText(standInNote(lang))).toBeVisible();
        await expect(
          page.getByText(tr(lang, "Sign-in with GitHub or Google is not set up on this server.")),
        ).toHaveCount(0);
        await expectNoSeriousA11yViolations(page, `${lang} ${path}`);
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await expectNoHorizontalOverflow(page, `${path} at ${size.width}`);
          await page.screenshot({ path: testInfo.outputPath(`${path.slice(1)}-${lang}-${size.width}.png`) });
        }
        await page.setViewportSize(SIZES[0]);
      }
    });

    test("the consent page is styled, in the user's language, and needs nothing its CSP forbids", async ({
      page,
    }, testInfo) => {
      const blocked: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      const consentResponse = page.waitForResponse((r) => r.url().includes("/dev-provider/authorize?"));
      await openConsentPage(page, lang);
      const csp = (await consentResponse).headers()["content-security-policy"] ?? "";
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      const t = CONSENT_TEXTS[lang];
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page).toHaveTitle(t.title("GitHub"));
      for (const rule of t.rules) await expect(page.getByText(rule)).toBeVisible();
      await expect(page.getByLabel(t.email)).toHaveAttribute("type", "email");
      await expect(page.getByLabel(t.name)).toBeVisible();
      // The stylesheet applied: the app's dark shell, not the browser's white page.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
      expect(background).toContain("linear-gradient");
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expectNoHorizontalOverflow(page, `consent page at ${size.width}`);
        await page.screenshot({ path: testInfo.outputPath(`consent-${lang}-${size.width}.png`), fullPage: true });
      }
      expect(blocked).toEqual([]);

      // The page offers the other language, and the choice survives the form.
      const other = t.otherLanguage;
      await page.getByRole("link", { name: other.label }).click();
      await expect(page.getByRole("heading", { name: CONSENT_TEXTS[other.locale].heading("GitHub") })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", other.locale);
    });

    test("the consent page has no serious axe violations", async ({ browser }) => {
      // axe is injected as a script, which the page's own CSP rightly refuses: bypass it for the check.
      const context = await browser.newContext({ bypassCSP: true, baseURL: process.env.E2E_BASE_URL });
      try {
        await context.addCookies([{ name: "locale", value: lang, url: process.env.E2E_BASE_URL ?? "" }]);
        const page = await context.newPage();
        await openConsentPage(page, lang);
        await expectNoSeriousA11yViolations(page, `${lang} consent page`);
        await page.goto("/auth/api/v1/auth/oauth/dev-provider/authorize?provider=github&state=expired");
        await expect(page.getByRole("heading", { name: CONSENT_TEXTS[lang].expiredHeading })).toBeVisible();
        await expect(page.getByRole("alert")).toHaveText(CONSENT_TEXTS[lang].expired);
        await expectNoSeriousA11yViolations(page, `${lang} expired consent page`);
      } finally {
        await context.close();
      }
    });
  });
}
