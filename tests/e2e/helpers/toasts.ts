import { expect, type Page } from "@playwright/test";

/**
 * Waits until no toast is shown, with the pointer away from them. The spec's toasts sit top-left,
 * over the sidebar's workspace switcher; a click a toast intercepts leaves the pointer on the toast,
 * which pauses its timer (sonner), so it would never leave.
 */
export async function untilToastsGone(page: Page): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.mouse.move(size.width - 1, size.height - 1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}
