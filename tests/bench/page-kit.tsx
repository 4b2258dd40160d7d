// What every Chromium bench page (tests/bench/*-page) shares: the moment a change is on screen, and
// mounting the page's app with the app's i18n.
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";

/**
 * performance.now() once the next frame is painted: requestAnimationFrame runs just before that
 * frame's paint, and a message task queued there runs after it.
 */
export const afterPaint = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );

/** Renders the page into #root, inside the app's (already activated) i18n. */
export function mountBenchPage(app: ReactNode): void {
  const root = document.getElementById("root");
  if (root) createRoot(root).render(<I18nProvider i18n={i18n}>{app}</I18nProvider>);
}
