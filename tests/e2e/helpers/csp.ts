import { test as base, expect } from "@playwright/test";

/**
 * `test` with a guard that fails any test during which the page reported a Content-Security-Policy
 * violation (the `securitypolicyviolation` event, or Chromium's console message for one): the
 * policy must let every flow of the app work as it is.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
        });
      });
      context.on("console", (message) => {
        if (/CSP violation|Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(undefined);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
