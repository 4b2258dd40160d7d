import type { BrowserContext } from "playwright-core";

/**
 * Signs a fresh user in for the audited browser. Filled in once the auth service and login page
 * exist (issues #3 and #5): until then the signed-in audit fails loudly rather than pretending.
 */
export async function signInBrowser(_context: BrowserContext, _baseUrl: string): Promise<void> {
  throw new Error("signInBrowser: not available until the login flow lands");
}
