import type { BrowserContext } from "@playwright/test";

const offline = new WeakSet<BrowserContext>();
const routed = new WeakSet<BrowserContext>();

/**
 * context.setOffline, extended to what the service worker fetches: Chromium's offline emulation
 * covers the page's own requests only (microsoft/playwright#2311), so a request that passed
 * through the worker could still reach the server "offline" (an app queued offline was created
 * before the test went back online). With PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS
 * (playwright.config.ts) the worker's requests reach context.route, which fails them as the
 * network would while the context is offline; answers from the worker's caches are untouched.
 */
export async function setOffline(context: BrowserContext, value: boolean): Promise<void> {
  if (process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS !== "1") {
    throw new Error("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS=1 is needed (playwright.config.ts sets it)");
  }
  if (!routed.has(context)) {
    routed.add(context);
    await context.route("**/*", (route) =>
      offline.has(context) && route.request().serviceWorker() ? route.abort("internetdisconnected") : route.fallback(),
    );
  }
  if (value) offline.add(context);
  else offline.delete(context);
  await context.setOffline(value);
}
