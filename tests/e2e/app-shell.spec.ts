import { expect, test } from "@playwright/test";
import { journeyLangs, tr } from "./helpers/catalog.ts";
import { startSignedIn, uniqueEmail, useLanguage, userMenuButton } from "./helpers/session.ts";

const DAY_S = 24 * 60 * 60;

for (const lang of journeyLangs("en")) {
  test.describe(`app shell (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      // Every test signs a new user up, and project initialisation can take a while (see session.ts).
      test.slow();
      await useLanguage(context, lang);
    });

    test("sidebar: groups, Ctrl+B, the 7-day cookie, the database link", async ({ page, context }) => {
      await startSignedIn(page, lang, uniqueEmail(`shell-${lang}`));
      const sidebar = page.locator("aside");
      const nav = page.getByRole("navigation");
      await expect(nav.getByRole("link", { name: tr(lang, "Home") })).toHaveAttribute("href", "/");
      await expect(nav.getByRole("link", { name: tr(lang, "Create App") })).toHaveAttribute("href", "/create-app");
      await expect(nav.getByRole("region", { name: tr(lang, "Databases") })).toBeVisible();
      await expect(nav.getByRole("region", { name: tr(lang, "Apps") })).toBeVisible();
      expect((await sidebar.boundingBox())?.width).toBe(256);

      // Every control of the sidebar shows a ring when the keyboard reaches it.
      await nav.getByRole("link", { name: tr(lang, "Home") }).focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      const rings: string[] = [];
      for (let step = 0; step < 40; step++) {
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el?.closest("nav")) return null;
          const style = getComputedStyle(el);
          return `${el.textContent?.trim() || el.getAttribute("aria-label")}: ${style.outlineStyle} ${style.outlineWidth}`;
        });
        if (focused === null) break;
        rings.push(focused);
        await page.keyboard.press("Tab");
      }
      expect(rings.length).toBeGreaterThan(2);
      for (const ring of rings) expect(ring).toMatch(/: solid 2px$/);

      await page.keyboard.press("Control+b");
      await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
      const cookie = (await context.cookies()).find((c) => c.name === "sidebar:state");
      expect(cookie?.value).toBe("false");
      const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(7 * DAY_S - 120);
      expect(lifetime).toBeLessThanOrEqual(7 * DAY_S + 5);
      // Collapsed rows keep their names for assistive technology.
      await expect(nav.getByRole("link", { name: tr(lang, "Home") })).toBeVisible();

      await page.reload();
      await expect.poll(async () => (await page.locator("aside").boundingBox())?.width).toBe(48);
      await page.keyboard.press("Meta+b");
      await expect.poll(async () => (await page.locator("aside").boundingBox())?.width).toBe(256);
      expect((await context.cookies()).find((c) => c.name === "sidebar:state")?.value).toBe("true");

      // Project initialisation made a first database; the sidebar links to it.
      const dbLink = nav
        .getByRole("region", { name: tr(lang, "Databases") })
        .getByRole("link")
        .first();
      await expect(dbLink).toHaveAttribute("href", /^\/db\/[^/]+$/);
      await dbLink.click();
      await expect(page).toHaveURL(/\/db\/[^/]+$/);
    });

    test("below 768 px the sidebar is a drawer", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      const email = uniqueEmail(`mobile-${lang}`);
      await startSignedIn(page, lang, email);
      await expect(page.locator("aside")).toHaveCount(0);
      await expect(page.getByRole("navigation")).toHaveCount(0);
      await page.getByRole("button", { name: tr(lang, "Toggle sidebar") }).click();
      const drawer = page.getByRole("dialog", { name: tr(lang, "Navigation") });
      await expect(drawer).toBeVisible();
      await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(288);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await page.keyboard.press("Control+b");
      await expect(drawer).toBeVisible();
      await drawer.getByRole("link", { name: tr(lang, "Create App") }).click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/\/create-app$/);
    });

    test("the user menu switches the language and reloads", async ({ page, context }) => {
      const email = uniqueEmail(`lang-${lang}`);
      await startSignedIn(page, lang, email);
      const other = lang === "en" ? "de" : "en";
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await userMenuButton(page, lang, email).click();
      const menu = page.getByRole("menu");
      await expect(menu.getByText(email)).toBeVisible();
      // By keyboard: the menu grows while it opens (the teams, API keys and admin items come with
      // their answers, and it opens upwards), so an item a pointer aimed at can move away from it.
      await menu.getByRole("menuitem", { name: tr(lang, "Language") }).press("ArrowRight");
      const choice = page.getByRole("menuitemradio", { name: other === "de" ? "Deutsch" : "English" });
      await expect(choice).toBeVisible();
      const loaded = page.waitForEvent("load");
      await choice.press("Enter");
      await loaded;
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      await expect(page.getByRole("heading", { name: tr(other, "Your Apps") })).toBeVisible();
      const cookie = (await context.cookies()).find((c) => c.name === "locale");
      expect(cookie?.value).toBe(other);
      expect(cookie?.path).toBe("/");
      expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(365 * DAY_S - 120);
    });

    test("the user menu loads its code on focus, keeps the focus and opens with Enter", async ({ page }) => {
      const email = uniqueEmail(`menu-kbd-${lang}`);
      await startSignedIn(page, lang, email);
      await page.reload();
      const button = userMenuButton(page, lang, email);
      await expect(button).toBeVisible();
      const menuCode = page.waitForResponse((r) => /user-menu-dropdown/.test(r.url()));
      await button.focus();
      await menuCode;
      // The loaded menu's own button took the placeholder's place, with the focus on it.
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(button).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menu").getByText(email)).toBeVisible();
    });
  });
}
