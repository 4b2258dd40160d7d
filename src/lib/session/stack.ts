import { loadErrorTexts } from "@/lib/errors/load-error-texts";
import { getRuntimeConfig } from "@/lib/runtime-config";
import { AUTH_URLS } from "./auth-urls";
import type { StackClient } from "./stack-client";

let redirectHandler: (url: string) => void = (url) => window.location.assign(url);
let sdkRedirectsMuted = 0;
let pending: Promise<StackClient> | undefined;

/** The router installs its navigation here so SDK redirects stay inside the single-page app. */
export function setAuthRedirect(handler: (url: string) => void): void {
  redirectHandler = handler;
}

/**
 * The SDK, loaded on first use. It is far too heavy for the first paint, so the module is a
 * separate chunk: pages render from cheap signals and only await this when they need it.
 */
export function getStackApp(): Promise<StackClient> {
  // The error-code texts come with the SDK: every error the SDK returns can be put into words.
  pending ??= Promise.all([import("./stack-client"), getRuntimeConfig(), loadErrorTexts()])
    .then(([{ createStackClient }, config]) =>
      createStackClient(config, (url) => {
        // A sign-in that needs the second factor goes to its prompt even from a flow of our own.
        if (sdkRedirectsMuted === 0 || isMfaPrompt(url)) redirectHandler(url);
      }),
    )
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

function isMfaPrompt(url: string): boolean {
  return new URL(url, window.location.origin).pathname === AUTH_URLS.mfa;
}

/** Starts downloading the SDK without waiting, e.g. while a visitor types into the login form. */
export function preloadStackApp(): void {
  // Only a head start: the use that needs the SDK loads it again and reports a failure.
  getStackApp().catch(() => undefined);
}

/**
 * Runs an SDK call whose built-in redirect we replace with our own flow (project initialisation
 * after sign-in, for instance).
 */
export async function withoutSdkRedirects<T>(action: () => Promise<T>): Promise<T> {
  sdkRedirectsMuted += 1;
  try {
    return await action();
  } finally {
    sdkRedirectsMuted -= 1;
  }
}
