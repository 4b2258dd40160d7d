import { expect, type Page } from "@playwright/test";

/**
 * Nothing on the page is wider than the window: the document does not scroll sideways. Asked
 * until the layout settles, since a resize reaches media queries, resize observers and the
 * database page's phone layout (mounted anew) a few frames apart.
 */
export async function expectNoPageScrollSideways(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}
