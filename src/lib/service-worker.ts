import { registerSW } from "virtual:pwa-register";
import { t } from "@lingui/core/macro";
import { notify } from "./notify";

/**
 * Registers the service worker. A new version waits until the user agrees, so a page never
 * changes under someone's hands; the toast stays until it is answered.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const update = registerSW({
    onNeedRefresh() {
      notify.ask(t`A new version is available.`, {
        duration: Number.POSITIVE_INFINITY,
        action: { label: t`Reload`, onClick: () => void update(true) },
      });
    },
  });
}
